import { consoleRoles, IDENTITY_MS, type IdentifyFirst } from '@safety-shield/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { Principal } from './principal.js';

/** API paths: everything else is the console's (static files and the SPA fallback). */
export const isApiPath = (url: string) => /^\/(v1|v2|health|docs)(\/|$|\?)/.test(url);

/** What the hook asks of the sessions: the caller a token stands for (the account module's `Sessions` is one). */
export interface TokenResolver {
  /** The caller, or an AppError when the token is missing, unknown or expired. */
  resolve(token: string | undefined): Promise<Principal>;
}

/**
 * Resolves X-Token into `req.principal` and enforces each route's declared `access`.
 * A route of the API that declares no access fails at start-up, so none can be forgotten.
 */
export function registerAuth(app: FastifyInstance, sessions: TokenResolver) {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && !route.url.startsWith('/docs') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === undefined || access === 'public' || access === 'device') return;
    const header = req.headers['x-token'];
    const principal = await sessions.resolve(Array.isArray(header) ? header[0] : header);
    req.principal = principal;
    const allowed = access === 'session' ? consoleRoles : access;
    if (!allowed.includes(principal.role)) throw new AppError('PERMISSION_CHECK_FAIL');
    if (principal.via === 'apiToken' && req.routeOptions.config.sessionOnly) throw new AppError('API_PERMISSION_AUTH_FAIL');
    if (req.routeOptions.config.identified && !identifiedRecently(principal))
      throw new AppError('PERMISSION_ROLE_FAIL', undefined, IDENTIFY_FIRST);
    // SPEC section 4: until the first-login password change, only selfInfo, the change itself and logout answer.
    if (principal.mustChangePassword && !req.routeOptions.config.beforePasswordChange) throw new AppError('USER_MUST_CHANGE_PASSWORD');
  });
}

const IDENTIFY_FIRST: IdentifyFirst = { identify: true };

/** The session confirmed its password (`POST /v1/account/identify`) within IDENTITY_MS. */
const identifiedRecently = ({ identifiedAt }: Principal) => identifiedAt !== null && Date.now() - identifiedAt < IDENTITY_MS;

/** The caller of a route whose access is not 'public'. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('PERMISSION_TOKEN_MISSING');
  return req.principal;
}
