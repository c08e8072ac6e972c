import { type Endpoint, httpCall, type InputOf, type QueryParams, type ResponseOf, toQuery } from '@safety-shield/contract';
import type { LightMyRequestResponse } from 'fastify';

/** What a test calls through: the app itself, or a fixture that holds it (`testApp()`'s answer). */
export type Caller = { inject: Injector } | { app: { inject: Injector } };
// biome-ignore lint/suspicious/noExplicitAny: Fastify's inject has many overloads; the tests use the promise one
type Injector = (options: any) => Promise<LightMyRequestResponse>;

/** The envelope a call answers, with the HTTP status beside it. */
export interface Answer<Data> {
  status: number;
  code: number;
  codeKey: string;
  msg: string;
  data: Data;
  /** The raw response: headers, the body of a file, the status. */
  res: LightMyRequestResponse;
}

/** The data of a refused or malformed call, which has no declared shape. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever such an answer holds
type Undeclared = any;

/** Extra request options: headers beyond the token (a language, an address, a content type). */
export interface CallOptions {
  headers?: Record<string, string>;
}

type InputArg<E extends Endpoint> =
  InputOf<E> extends undefined ? [input?: undefined, options?: CallOptions] : [input: InputOf<E>, options?: CallOptions];

/**
 * Calls one endpoint by its contract declaration: its path, method, query and body come from the input, typed from the
 * declaration, so a test never spells a path and a wrong field does not compile. `token` undefined: without one.
 */
export function call<E extends Endpoint>(
  caller: Caller,
  token: string | undefined,
  endpoint: E,
  ...[input, options]: InputArg<E>
): Promise<Answer<ResponseOf<E>>> {
  return send(caller, token, endpoint, input, options);
}

/**
 * The same for input the declaration would refuse (hostile or malformed input, a wrong type, a missing field): the
 * server's validation is what is under test, so the input is not typed, nor is the answer's data.
 */
export function callUnchecked(
  caller: Caller,
  token: string | undefined,
  endpoint: Endpoint,
  input?: unknown,
  options?: CallOptions,
): Promise<Answer<Undeclared>> {
  return send(caller, token, endpoint, input, options);
}

/** The URL of a GET endpoint with its input: for a test that fetches over a real socket or a browser link. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: InputArg<E>): string {
  const { path, query } = httpCall(endpoint, input);
  return `${path}${toQuery(query as QueryParams)}`;
}

/**
 * A GET of a declared endpoint whose query names one field with an empty value (`?name=`): a call leaves empty fields
 * out, so a test of how the server reads an empty value has its query written here. The path is the declaration's.
 */
export function callWithEmptyField(
  caller: Caller,
  token: string | undefined,
  endpoint: Endpoint,
  name: string,
): Promise<Answer<Undeclared>> {
  return exchange(caller, token, endpoint, { method: 'GET', url: `${endpoint.path}?${name}=` });
}

function send<Data>(
  caller: Caller,
  token: string | undefined,
  endpoint: Endpoint,
  input: unknown,
  options: CallOptions = {},
): Promise<Answer<Data>> {
  const { method, path, query, body } = httpCall(endpoint, input);
  return exchange(caller, token, endpoint, {
    method,
    url: `${path}${toQuery(query as QueryParams)}`,
    payload: body,
    headers: options.headers,
  });
}

interface Exchange {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** One request with the token, answered as the envelope (when it is one) beside the status and the raw response. */
async function exchange<Data>(caller: Caller, token: string | undefined, endpoint: Endpoint, request: Exchange): Promise<Answer<Data>> {
  const inject = 'app' in caller ? caller.app.inject.bind(caller.app) : caller.inject.bind(caller);
  const headers: Record<string, string> = { ...(token ? { 'x-token': token } : {}), ...request.headers };
  const res = await inject({ method: request.method, url: request.url, headers, payload: request.payload as object | undefined });
  let envelope: { code: number; codeKey: string; msg: string; data: Data } = { code: 0, codeKey: '', msg: '', data: undefined as Data };
  if (!endpoint.raw || res.headers['content-type']?.toString().startsWith('application/json')) {
    try {
      envelope = res.json();
    } catch {
      // A raw answer (a file, a stream): the test reads `res`.
    }
  }
  return { ...envelope, status: res.statusCode, res };
}
