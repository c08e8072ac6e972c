import type { SwaggerTransform } from '@fastify/swagger';
import { type BodyOf, type Endpoint, type EndpointGroup, type ParamsOf, type QueryOf, type ResponseOf, TAG } from '@safety-shield/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WebSocket } from 'ws';
import { Envelope, ok } from './envelope.js';
import { AppError } from './errors.js';
import { spanCheck } from './spans.js';

/** The request of one endpoint, typed from its declaration. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;

/** The `data` a handler answers; for an endpoint that answers `data: null` it may answer nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that only calls a `Promise<void>` service returns that promise.
type Answer<E extends Endpoint> = ResponseOf<E> extends null ? null | void : ResponseOf<E>;

/**
 * Answers the `data` of the success envelope; an endpoint declared `raw` sends its answer itself, and a `websocket`
 * one speaks on its socket.
 */
export type Handler<E extends Endpoint> = E['websocket'] extends true
  ? (socket: WebSocket, req: EndpointRequest<E>) => void
  : (req: EndpointRequest<E>, reply: FastifyReply) => E['raw'] extends true ? Promise<unknown> : Promise<Answer<E>> | Answer<E>;

/** One handler for every endpoint of a group, keyed by the declaration's name: a missing one does not compile. */
export type Handlers<G extends EndpointGroup> = { [K in keyof G & string]: Handler<G[K]> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration this route serves. */
    endpoint?: Endpoint;
  }
}

/**
 * How OpenAPI shows a WebSocket route: the upgrade, and where its messages are declared (the components the app adds
 * from the contract's push schemas; docs/websocket.md tells the rest).
 */
const WEBSOCKET_SCHEMA = {
  description:
    'A WebSocket upgrade (`ws://` or `wss://`, same origin). Messages are JSON text: the console sends ' +
    '`#/components/schemas/PushClientMessage` (the first one `auth` with the session token), the server sends ' +
    '`#/components/schemas/PushServerMessage`. Closed with 4401 when the session is refused or ends. See docs/websocket.md.',
  response: {
    101: { description: 'Switching Protocols: the socket is open', type: 'null' },
    426: {
      description: 'Upgrade Required: a request without the WebSocket upgrade (the envelope, WEBSOCKET_UPGRADE_REQUIRED)',
      ...Envelope(Type.Null()),
    },
  },
};

/** A WebSocket route's answer to a request without the upgrade: 426 and the envelope (RFC 9110 asks for `Upgrade`). */
const upgradeRequired = (_req: FastifyRequest, reply: FastifyReply) => {
  reply.header('upgrade', 'websocket');
  throw new AppError('WEBSOCKET_UPGRADE_REQUIRED');
};

const showWebSocket: SwaggerTransform = ({ schema, url }) => ({ schema: { ...schema, hide: false }, url });

/**
 * Registers a group's endpoints from their declarations: schemas (validation, serialisation, OpenAPI), who may call
 * them and the gates they pass come from the contract; the module supplies only the handlers.
 */
export function serve<G extends EndpointGroup>(app: FastifyInstance, group: G, handlers: Handlers<G>) {
  const tag = (group as { [TAG]?: string })[TAG];
  for (const name of Object.keys(handlers)) {
    if (!Object.hasOwn(group, name)) throw new Error(`Handler ${name} serves no endpoint of ${tag}`);
  }
  for (const [name, declaration] of Object.entries(group)) {
    const handler = (handlers as Record<string, (first: unknown, second: unknown) => unknown>)[name];
    if (!handler) throw new Error(`Endpoint ${declaration.method} ${declaration.path} has no handler`);
    const { method, path, summary, params, query, body, response, raw, produces, hidden, access, audit, rate } = declaration;
    const spans = spanCheck(declaration);
    app.route({
      method,
      url: path,
      schema: {
        ...(tag ? { tags: [tag] } : {}),
        summary,
        ...(params ? { params } : {}),
        ...(query ? { querystring: query } : {}),
        ...(body ? { body } : {}),
        ...(declaration.websocket ? WEBSOCKET_SCHEMA : raw ? {} : { response: { 200: Envelope(response ?? Type.Null()) } }),
        ...(produces ? { produces: [...produces] } : {}),
        ...(hidden ? { hide: true } : {}),
        ...(access === 'public' ? { security: [] } : {}),
      },
      config: {
        endpoint: declaration,
        access,
        audit,
        rate,
        beforePasswordChange: declaration.beforePasswordChange,
        beforeClause: declaration.beforeClause,
        duringMaintenance: declaration.duringMaintenance,
        sessionOnly: declaration.sessionOnly,
        identified: declaration.identified,
        // @fastify/websocket hides its routes from OpenAPI; the contract documents this one.
        ...(declaration.websocket ? { swaggerTransform: showWebSocket } : {}),
      },
      ...(spans ? { preHandler: spans } : {}),
      // @fastify/websocket (registered by the module first) hands `wsHandler` the socket of an upgrade and calls
      // `handler` for a plain request, which is told the address takes WebSocket connections only.
      ...(declaration.websocket
        ? { wsHandler: handler as never, handler: upgradeRequired }
        : {
            handler: raw
              ? (req: FastifyRequest, reply: FastifyReply) => handler(req, reply)
              : async (req: FastifyRequest, reply: FastifyReply) => ok((await handler(req, reply)) ?? null),
          }),
    });
  }
}
