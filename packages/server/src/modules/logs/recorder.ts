import type { CodeKey } from '@safety-shield/contract';
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
    audit: { target?: string; actor?: Actor };
    /** The codeKey the call answered with; set by the error handler on failure. */
    resultCodeKey: CodeKey;
  }
}

/** Sets the target of this request's operation-log line. */
export function auditTarget(req: FastifyRequest, target: string | number) {
  req.audit.target = String(target);
}

/**
 * The operation log (issue 3): every write and every login, recorded in one place just before the answer is sent.
 * A write route without an `audit` action fails at start-up, so none can be forgotten.
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
