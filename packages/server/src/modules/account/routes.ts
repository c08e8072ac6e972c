import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaptchaChallenge, LoginBody, LoginResult, SelfInfo } from '@safety-shield/contract';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import type { Captcha } from './captcha.js';
import type { AccountService } from './service.js';
import type { Sessions } from './sessions.js';

export interface AccountDeps {
  db: Db;
  captcha: Captcha;
  sessions: Sessions;
  accounts: AccountService;
}

export const accountRoutes: FastifyPluginAsyncTypebox<AccountDeps> = async (app, { captcha, sessions, accounts }) => {
  app.get(
    '/v1/account/captcha',
    {
      schema: { tags: ['account'], summary: 'A robot-check (ALTCHA) challenge for the login form', response: { 200: CaptchaChallenge } },
      config: { access: 'public' },
    },
    // The widget reads the bare challenge, so this one call answers without the envelope.
    async (_req, reply) => reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );

  app.post(
    '/v1/account/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with username, password and the robot-check solution',
        body: LoginBody,
        response: { 200: Envelope(LoginResult) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await accounts.login(req.body)),
  );

  app.post(
    '/v1/account/logout',
    {
      schema: { tags: ['account'], summary: 'Revoke the session token of this request', response: { 200: Envelope(Type.Null()) } },
      config: { access: 'session' },
    },
    async (req) => {
      await sessions.revoke(principalOf(req).tokenHash);
      return ok(null);
    },
  );

  app.get(
    '/v1/account/selfInfo',
    {
      schema: { tags: ['account'], summary: 'The signed-in account with its organisation', response: { 200: Envelope(SelfInfo) } },
      config: { access: 'session' },
    },
    async (req) => ok(await accounts.selfInfo(principalOf(req).accountId)),
  );
};
