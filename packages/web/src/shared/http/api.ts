import {
  apiEndpoints,
  type Endpoint,
  type EndpointGroup,
  httpCall,
  type InputOf,
  type QueryParams,
  type ResponseOf,
} from '@safety-shield/contract';
import { type RequestOptions, request } from './client.js';

export type CallOptions = Pick<RequestOptions, 'timeout' | 'silent'>;

/** The answer of a call: the envelope's `data`; an endpoint that answers a file or a bare body gives the `Response`. */
export type AnswerOf<E extends Endpoint> = E['raw'] extends true ? Response : ResponseOf<E>;

/** A typed call of one endpoint: its input and answer come from the declaration, so a wrong body does not compile. */
export type Call<E extends Endpoint> =
  InputOf<E> extends undefined
    ? (input?: undefined, options?: CallOptions) => Promise<AnswerOf<E>>
    : (input: InputOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>;

export type Client<G extends EndpointGroup> = { [K in keyof G & string]: Call<G[K]> };

/** Calls one endpoint by its declaration (the typed client does this for every endpoint). */
export function call<E extends Endpoint>(declaration: E, input: InputOf<E>, options: CallOptions = {}): Promise<AnswerOf<E>> {
  const { method, path, query, body } = httpCall(declaration, input);
  return request<AnswerOf<E>>(method, path, { ...options, params: query as QueryParams, body, raw: declaration.raw });
}

function client<G extends EndpointGroup>(group: G): Client<G> {
  const calls: Record<string, unknown> = {};
  for (const [name, declaration] of Object.entries(group)) {
    calls[name] = (input: unknown, options?: CallOptions) => call(declaration, input as never, options);
  }
  return calls as Client<G>;
}

type Api = { [D in keyof typeof apiEndpoints]: Client<(typeof apiEndpoints)[D]> };

/** The whole API, typed from the contract: `api.vehicle.bind(body)`. */
export const api = Object.fromEntries(
  Object.entries(apiEndpoints).map(([domain, group]) => [domain, client(group as EndpointGroup)]),
) as Api;
