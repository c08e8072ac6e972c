import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Counters } from '../../bus/counters.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ClauseService } from '../clauses/index.js';
import { Sealer } from '../system/index.js';
import { ApiTokens } from './api-tokens.js';
import { ensureSuperAdmin } from './bootstrap.js';
import { Captcha } from './captcha.js';
import { credentialRoutes } from './credential-routes.js';
import { GoogleAuth } from './google-auth.js';
import { accountRoutes } from './routes.js';
import { AccountService } from './service.js';
import type { Sessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts; the organisation module tells it when cached selfInfo answers are stale (`forgetSelfInfo`). */
    accounts: AccountService;
  }
}

interface AccountPlatform {
  db: Db;
  config: Pick<Config, 'adminPassword' | 'captchaComplexity' | 'secretKey'>;
  /** Built by the app: the auth hook resolves callers with them. */
  sessions: Sessions;
  /** Built by the app: the clause gate reads them; login and selfInfo show the pending ones. */
  clauses: ClauseService;
  /** Shared by the nodes: the failed logins of usernames that do not exist. */
  counters: Counters;
}

/** Logging in and out, the accounts and their own credentials; the super admin exists once this is registered. */
export const accountModule = fp(
  async (app: FastifyInstance, { db, config, sessions, clauses, counters }: AccountPlatform) => {
    await ensureSuperAdmin(db, config.adminPassword, app.log);
    const captcha = await Captcha.open(db, config.captchaComplexity);
    const googleAuth = new GoogleAuth(db, new Sealer(config.secretKey));
    const accounts = new AccountService(db, captcha, sessions, app.orgs, googleAuth, counters);
    app.decorate('accounts', accounts);
    await app.register(accountRoutes, { captcha, sessions, accounts, clauses });
    await app.register(credentialRoutes, { accounts, googleAuth, apiTokens: new ApiTokens(db, sessions) });
  },
  { name: 'account', dependencies: ['orgs'] },
);

export type { AccountRow } from './repo.js';
export type { AccountService } from './service.js';
export { actorOf } from './service.js';
export { accountPrincipal, Sessions } from './sessions.js';
