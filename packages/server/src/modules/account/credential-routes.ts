import { credentialApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { auditCreated } from '../logs/index.js';
import type { ApiTokens } from './api-tokens.js';
import type { GoogleAuth } from './google-auth.js';
import type { AccountService } from './service.js';

/** Handlers of the account's own credentials and settings: Google Authenticator, API tokens, parameter settings. */
export const credentialRoutes: FastifyPluginAsync<{
  accounts: AccountService;
  googleAuth: GoogleAuth;
  apiTokens: ApiTokens;
}> = async (app, { accounts, googleAuth, apiTokens }) => {
  serve(app, credentialApi, {
    googleAuth: async (req) => googleAuth.info(principalOf(req).accountId),
    bindGoogle: async (req) => {
      await googleAuth.bind(principalOf(req).accountId, req.body.code);
      accounts.forgetSelfInfo(principalOf(req).accountId);
    },
    unbindGoogle: async (req) => {
      await googleAuth.unbind(principalOf(req).accountId, req.body.code);
      accounts.forgetSelfInfo(principalOf(req).accountId);
    },
    apiTokens: async (req) => apiTokens.list(principalOf(req).accountId),
    createApiToken: async (req) => auditCreated(req, apiTokens.create(principalOf(req).accountId)),
    removeApiToken: async (req) => apiTokens.remove(principalOf(req).accountId, req.query.id),
    paramSetting: async (req) => accounts.paramSetting(principalOf(req)),
    setParamSetting: async (req) => accounts.setParamSetting(principalOf(req), req.body),
    unsubscribe: async (req) => accounts.setParamSetting(principalOf(req), { emailNotifications: false }),
  });
};
