import type { Static, TObject, TSchema } from 'typebox';
import { bounded } from './input-bounds.js';
import { consoleRoles, type Role } from './roles.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone; a device (a signed grant in the URL is the whole authority, never a session);
 * any signed-in console user (SPEC section 1: not a normal user); or the listed roles.
 */
export type Access = 'public' | 'device' | 'session' | readonly Role[];

/** Per-address limits beyond the per-account write limit: the login's pace, or the pace of calls that take a token in hand. */
export type RateClass = 'login' | 'public';

/**
 * One endpoint of the API, declared once (ARCHITECTURE section 3): the server registers it, OpenAPI documents it,
 * the console calls it through the typed client and hides what `can` says the caller may not call.
 */
export interface Endpoint {
  method: Method;
  /** Fastify's form: `:name` for a path parameter. */
  path: `/${string}`;
  summary: string;
  access: Access;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  /**
   * The `data` of the success envelope; with `raw` the whole answer as sent (documentation only).
   * Left out: a success answers `data: null`.
   */
  response?: TSchema;
  /** The handler answers itself: a file, a stream or a body other than the envelope. */
  raw?: true;
  /** A GET upgraded to a WebSocket: the handler speaks on the socket (implies `raw`). */
  websocket?: true;
  /** The media types a raw answer may have, for OpenAPI (`text/csv`, `application/zip`…). */
  produces?: readonly string[];
  /** The operation-log action; every write declares one (SPEC section 9). */
  audit?: string;
  /**
   * The input field that names the record acted on, for the operation log's target (a path parameter, else a query
   * field, else a body field; a list is joined with commas). A target the handler computes is set by the handler.
   */
  auditTarget?: string;
  /** Callable while the password must still be changed (selfInfo, the password change, logout). */
  beforePasswordChange?: true;
  /** Callable while a must-check clause still waits. */
  beforeClause?: true;
  /** Answers while maintenance mode is on. */
  duringMaintenance?: true;
  /** Refused to API tokens (API_PERMISSION_AUTH_FAIL): it takes a console session. */
  sessionOnly?: true;
  /**
   * Takes a session that confirmed its password within IDENTITY_MS (`POST /v1/account/identify`); otherwise
   * PERMISSION_ROLE_FAIL with data `{ identify: true }`, and the console asks for the password and calls again.
   */
  identified?: true;
  rate?: RateClass;
  /** Left out of OpenAPI (device-facing and media plumbing). */
  hidden?: true;
}

/** One domain's endpoints under its OpenAPI tag; the keys are the names the server's handlers and the console's client use. */
export type EndpointGroup = Record<string, Endpoint>;

/** The OpenAPI tag of a group; a symbol, so it is never taken for an endpoint. */
export const TAG: unique symbol = Symbol('tag');

/** Declares one endpoint; the literal types are kept so both ends are typed from it. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

/**
 * Declares a domain's endpoints, each tagged with the domain for OpenAPI; every input schema gets the bounds all
 * input needs (input-bounds.ts), so the server, OpenAPI and the fuzz all read the same rules.
 */
export const endpoints = <const G extends EndpointGroup>(tag: string, group: G): G & { readonly [TAG]: string } => ({
  ...(Object.fromEntries(
    Object.entries(group).map(([name, e]) => [name, { ...e, params: bounded(e.params), query: bounded(e.query), body: bounded(e.body) }]),
  ) as G),
  [TAG]: tag,
});

type StaticOf<S> = S extends TSchema ? Static<S> : unknown;
type Merged<T> = { [K in keyof T]: T[K] };

/** The path parameters of an endpoint. */
export type ParamsOf<E extends Endpoint> = StaticOf<E['params']>;
export type QueryOf<E extends Endpoint> = StaticOf<E['query']>;
export type BodyOf<E extends Endpoint> = StaticOf<E['body']>;
/** The `data` a successful call answers. */
export type ResponseOf<E extends Endpoint> = E['response'] extends TSchema ? Static<E['response']> : null;

/**
 * What a caller passes: path parameters, query and body fields in one object (a body other than an object is
 * passed as it is). Nothing when the endpoint takes nothing.
 */
export type InputOf<E extends Endpoint> = E['body'] extends TSchema
  ? Static<E['body']> extends Record<string, unknown>
    ? Merged<StaticOf<E['params']> & StaticOf<E['query']> & Static<E['body']>>
    : Static<E['body']>
  : E['params'] extends TSchema
    ? Merged<StaticOf<E['params']> & StaticOf<E['query']>>
    : E['query'] extends TSchema
      ? Static<E['query']>
      : undefined;

/** SPEC section 2's steps a session may still owe before the whole console answers it. */
export interface SessionSteps {
  /** The first-login password change (until then: USER_MUST_CHANGE_PASSWORD). */
  mustChangePassword: boolean;
  /** A must-check clause of the caller's own or of its company (until then: USER_CLAUSE_NO_FINISH). */
  clausesWaiting: boolean;
}

/**
 * Whether a role may call an endpoint: the rule the server enforces and the console hides buttons by. With the
 * session's open steps, also whether it may call it now, so that a page does not ask what the server would refuse.
 */
export function canCall(
  role: Role | undefined,
  declaration: Pick<Endpoint, 'access' | 'beforePasswordChange' | 'beforeClause'>,
  steps?: SessionSteps,
): boolean {
  const { access } = declaration;
  if (access === 'public') return true;
  if (!role || access === 'device') return false;
  if (steps?.mustChangePassword && !declaration.beforePasswordChange) return false;
  if (steps?.clausesWaiting && !declaration.beforeClause) return false;
  return (access === 'session' ? consoleRoles : access).includes(role);
}

const PARAM = /:([A-Za-z0-9_]+)/g;

export interface HttpCall {
  method: Method;
  /** The path with its parameters filled in, without the query string. */
  path: string;
  query: Record<string, unknown>;
  body: unknown;
}

/** Splits a caller's input into path, query and body by the endpoint's declaration. */
export function httpCall(declaration: Endpoint, input: unknown): HttpCall {
  const fields: Record<string, unknown> = input !== null && typeof input === 'object' && !Array.isArray(input) ? { ...input } : {};
  const path = declaration.path.replace(PARAM, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    if (value === undefined || value === null || value === '') throw new Error(`${declaration.path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const sendsBody = declaration.method === 'POST' || declaration.method === 'PUT';
  if (!sendsBody) return { method: declaration.method, path, query: fields, body: undefined };
  const bodyIsObject = declaration.body === undefined || isObjectSchema(declaration.body);
  if (!bodyIsObject) return { method: declaration.method, path, query: {}, body: input };
  const query: Record<string, unknown> = {};
  for (const name of Object.keys(declaration.query?.properties ?? {})) {
    if (name in fields) {
      query[name] = fields[name];
      delete fields[name];
    }
  }
  return { method: declaration.method, path, query, body: declaration.body === undefined ? undefined : fields };
}

function isObjectSchema(schema: TSchema): boolean {
  return (schema as { type?: unknown }).type === 'object';
}
