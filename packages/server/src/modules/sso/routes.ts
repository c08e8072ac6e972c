import { pathTo, ssoApi } from '@safety-shield/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import { auditActor } from '../logs/index.js';
import type { SsoService } from './service.js';

/** The console page the provider sends the browser back to (SPEC section 2's public `/auth-redirect`). */
export const SSO_REDIRECT_PATH = pathTo('AuthRedirect');

/**
 * This portal's redirect URI: under PUBLIC_URL when set, else where the caller reached it (behind a proxy, as
 * `TRUST_PROXY` lets it tell). Only the address registered at the provider works, so a forged Host gains nothing.
 */
function redirectUri(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(SSO_REDIRECT_PATH, publicUrl).href : `${req.protocol}://${req.host}${SSO_REDIRECT_PATH}`;
}

/** Handlers of the contract's single sign-on endpoints. */
export const ssoRoutes: FastifyPluginAsync<{ sso: SsoService; publicUrl: string | undefined }> = async (app, { sso, publicUrl }) => {
  serve(app, ssoApi, {
    start: async (req) => sso.start(req.body.name, redirectUri(req, publicUrl)),
    login: async (req) => sso.login(req.body, auditActor(req), browserTimeZone(req)),
    config: async (req) => sso.config(principalOf(req), req.query.id, redirectUri(req, publicUrl)),
    saveConfig: async (req) => sso.saveConfig(principalOf(req), req.body),
    removeConfig: async (req) => sso.removeConfig(principalOf(req), req.query.id),
  });
};
