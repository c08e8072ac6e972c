import type { Endpoint } from '@safety-shield/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { isApiPath } from '../../http/auth.js';
import { appendLog } from './repo.js';

/** Who acted, when there is no session yet (the login call names its account itself). */
export interface Actor {
  accountId: number | null;
  username: string;
  role: string | null;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by handlers: the record acted on, and for logins the actor. */
    audit: { target?: string; actor?: Actor; detail?: Record<string, unknown> };
  }
}

/** Told who acts as soon as a service knows it: a login before its session exists, an installer's public link. */
export type ActorWitness = (actor: Actor) => void;

/** The witness that names the actor of this request's operation-log line (calls without a session). */
export function auditActor(req: FastifyRequest): ActorWitness {
  return (actor) => {
    req.audit.actor = actor;
  };
}

/** Sets the target of this request's operation-log line, where the declaration's `auditTarget` cannot name it. */
export function auditTarget(req: FastifyRequest, target: string | number) {
  req.audit.target = String(target);
}

/** Answers what a write created, naming it as the target of the log line: its `id`, or the field `targetOf` picks. */
export function auditCreated<T extends { id: number }>(req: FastifyRequest, creating: Promise<T>): Promise<T>;
export function auditCreated<T>(req: FastifyRequest, creating: Promise<T>, targetOf: (created: T) => string | number): Promise<T>;
export async function auditCreated<T>(
  req: FastifyRequest,
  creating: Promise<T>,
  targetOf: (created: T) => string | number = (created) => (created as { id: number }).id,
): Promise<T> {
  const created = await creating;
  auditTarget(req, targetOf(created));
  return created;
}

/**
 * What the action changed, kept with its log line (the device operation log shows a device and its settings before and
 * after). Never a secret: the callers pass documents without passwords.
 */
export function auditDetail(req: FastifyRequest, detail: Record<string, unknown>) {
  req.audit.detail = { ...req.audit.detail, ...detail };
}

/** The declared `auditTarget` field of the request: a path parameter, else a query field, else a body field. */
function declaredTarget(req: FastifyRequest, field: string): string | undefined {
  const input = [req.params, req.query, req.body].find((part) => typeof part === 'object' && part !== null && field in part);
  const value: unknown = (input as Record<string, unknown> | undefined)?.[field];
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Whether a declaration takes the named field as a path parameter, query field or body field. */
function takesField(declaration: Endpoint, field: string): boolean {
  const schemas: ({ properties?: object } | undefined)[] = [declaration.params, declaration.query, declaration.body];
  return schemas.some((schema) => Object.hasOwn(schema?.properties ?? {}, field));
}

/**
 * The operation log (issue 3): every write and every login, recorded in one place just before the answer is sent.
 * A write route without an `audit` action fails at start-up, so none can be forgotten; so does an `auditTarget` that
 * names none of the route's input fields.
 */
export function registerOperationLog(app: FastifyInstance, db: Db) {
  app.decorateRequest('audit', null as unknown as FastifyRequest['audit']);
  app.decorateRequest('resultCodeKey', 'REQUEST_SUCCESS');
  app.addHook('onRequest', async (req) => {
    req.audit = {};
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
    if (writes && isApiPath(route.url) && !route.url.startsWith('/docs') && !route.config?.audit) {
      throw new Error(`Write route ${methods.join(',')} ${route.url} declares no audit action`);
    }
    const declaration = route.config?.endpoint;
    const field = declaration?.auditTarget;
    if (!declaration || !field) return;
    if (!takesField(declaration, field)) throw new Error(`${declaration.path}: auditTarget ${field} is none of its input fields`);
    // A route's own hook runs after the shared ones (session, gates, rate limit), just before the handler, which may
    // still set a target of its own.
    const setTarget = async (req: FastifyRequest) => {
      const target = declaredTarget(req, field);
      if (target !== undefined) req.audit.target = target;
    };
    route.preHandler = [...(route.preHandler === undefined ? [] : [route.preHandler].flat()), setTarget];
  });
  // Before the answer leaves: whoever sees the answer finds its line in the log.
  app.addHook('onSend', async (req, _reply, payload) => {
    const action = req.routeOptions.config.audit;
    if (!action) return payload;
    // A request refused before this plugin's onRequest ran (e.g. by the session check) has no audit record yet.
    const audit = req.audit ?? {};
    const p = req.principal;
    const actor: Actor | undefined = p
      ? { accountId: p.accountId, username: p.username, role: p.role, agentId: p.agentId, companyId: p.companyId, fleetId: p.fleetId }
      : audit.actor;
    try {
      await appendLog(db, {
        accountId: actor?.accountId ?? null,
        username: actor?.username ?? '',
        role: actor?.role ?? null,
        action,
        target: audit.target ?? null,
        result: req.resultCodeKey,
        ip: req.ip,
        detail: audit.detail ?? null,
        belongAgentId: actor?.agentId ?? null,
        belongCompanyId: actor?.companyId ?? null,
        belongFleetId: actor?.fleetId ?? null,
      });
    } catch (error) {
      req.log.error({ err: error, action }, 'operation log write failed');
    }
    return payload;
  });
}
