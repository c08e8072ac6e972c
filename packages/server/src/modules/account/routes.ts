import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountListQuery,
  AccountRecord,
  AccountStateBody,
  AccountUpdateBody,
  accountLevels,
  accountManagers,
  CaptchaChallenge,
  Created,
  LoginBody,
  LoginResult,
  levelRegistrars,
  PageOf,
  PageQuery,
  PasswordChangeBody,
  PasswordResetBody,
  RegisterBody,
  SelfInfo,
  SelfUpdateBody,
} from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { account } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import type { ClauseService } from '../clauses/service.js';
import { auditTarget } from '../logs/recorder.js';
import type { Captcha } from './captcha.js';
import type { AccountService } from './service.js';
import type { Sessions } from './sessions.js';

export interface AccountDeps {
  clauses: ClauseService;
  captcha: Captcha;
  sessions: Sessions;
  accounts: AccountService;
}

const tags = ['account'];
const Done = Envelope(Type.Null());
const SUPER = ['SUPER_ADMIN'] as const;
const UidQuery = Type.Object({ uid: Type.Integer({ minimum: 1 }) });
const IdQuery = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** The assistant calls reach assistant accounts only. */
const assistantsOnly = eq(account.role, 'SUPER_ASSISTANT');

export const accountRoutes: FastifyPluginAsyncTypebox<AccountDeps> = async (app, { captcha, sessions, accounts, clauses }) => {
  app.get(
    '/v1/account/captcha',
    {
      schema: { tags, summary: 'A robot-check (ALTCHA) challenge for the login form', response: { 200: CaptchaChallenge } },
      config: { access: 'public', duringMaintenance: true },
    },
    // The widget reads the bare challenge, so this one call answers without the envelope.
    async (_req, reply) => reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );

  app.post(
    '/v1/account/login',
    {
      schema: {
        tags,
        summary: 'Log in with username, password and the robot-check solution',
        body: LoginBody,
        response: { 200: Envelope(LoginResult) },
      },
      config: { access: 'public', duringMaintenance: true, audit: 'account.login' },
    },
    async (req) =>
      ok(
        await accounts.login(req.body, (actor) => {
          req.audit.actor = actor;
        }),
      ),
  );

  app.post(
    '/v1/account/logout',
    {
      schema: { tags, summary: 'Revoke the session token of this request', response: { 200: Done } },
      config: { access: 'session', beforePasswordChange: true, beforeClause: true, duringMaintenance: true, audit: 'account.logout' },
    },
    async (req) => {
      await sessions.revoke(principalOf(req).tokenHash);
      return ok(null);
    },
  );

  app.get(
    '/v1/account/selfInfo',
    {
      schema: { tags, summary: 'The signed-in account with its organisation', response: { 200: Envelope(SelfInfo) } },
      config: { access: 'session', beforePasswordChange: true, beforeClause: true, duringMaintenance: true },
    },
    async (req) => {
      const principal = principalOf(req);
      const [info, unfinished] = await Promise.all([accounts.selfInfo(principal.accountId), clauses.unfinished(principal)]);
      return ok({
        baseInfo: { ...info.baseInfo, finishClause: !unfinished.own },
        orgFinishClause: !unfinished.organisation,
        orgPic: info.orgPic,
      });
    },
  );

  app.put(
    '/v1/account/selfInfo',
    {
      schema: { tags, summary: 'Edit the signed-in account’s own profile', body: SelfUpdateBody, response: { 200: Done } },
      config: { access: 'session', audit: 'account.self.update' },
    },
    async (req) => {
      await accounts.updateSelf(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/pwd',
    {
      schema: {
        tags,
        summary: 'Change the own password (also the forced first-login change)',
        body: PasswordChangeBody,
        response: { 200: Done },
      },
      config: { access: 'session', beforePasswordChange: true, beforeClause: true, sessionOnly: true, audit: 'account.password.change' },
    },
    async (req) => {
      await accounts.changePassword(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/account/self',
    {
      schema: {
        tags,
        summary: 'Delete the own account; pwd is the password, base64-encoded (SPEC section 5)',
        querystring: Type.Object({ pwd: Type.String({ minLength: 1, maxLength: 256 }) }),
        response: { 200: Done },
      },
      config: { access: 'session', sessionOnly: true, audit: 'account.self.delete' },
    },
    async (req) => {
      await accounts.deleteSelf(principalOf(req), req.query.pwd);
      return ok(null);
    },
  );

  app.get(
    '/v1/account/list',
    {
      schema: {
        tags,
        summary: 'Accounts below the caller in its scope',
        querystring: AccountListQuery,
        response: { 200: Envelope(PageOf(AccountRecord)) },
      },
      config: { access: accountManagers },
    },
    async (req) => ok(await accounts.list(principalOf(req), req.query)),
  );

  app.get(
    '/v1/account/list/assistant',
    {
      schema: {
        tags,
        summary: 'The super assistant accounts',
        querystring: Type.Object(PageQuery),
        response: { 200: Envelope(PageOf(AccountRecord)) },
      },
      config: { access: SUPER },
    },
    async (req) => ok(await accounts.list(principalOf(req), { ...req.query, role: 'SUPER_ASSISTANT' })),
  );

  for (const level of accountLevels) {
    app.post(
      `/v1/account/register/${level}`,
      {
        schema: { tags, summary: `Register a ${level} account below the caller`, body: RegisterBody, response: { 200: Envelope(Created) } },
        config: { access: levelRegistrars[level], audit: `account.register.${level}` },
      },
      async (req) => {
        const created = await accounts.register(principalOf(req), level, req.body);
        auditTarget(req, created.id);
        return ok(created);
      },
    );
  }

  app.get(
    '/v1/account/info',
    {
      schema: { tags, summary: 'One account below the caller', querystring: UidQuery, response: { 200: Envelope(AccountRecord) } },
      config: { access: accountManagers },
    },
    async (req) => ok(await accounts.info(principalOf(req), req.query.uid)),
  );

  app.put(
    '/v1/account/info',
    {
      schema: { tags, summary: 'Edit an account below the caller', body: AccountUpdateBody, response: { 200: Done } },
      config: { access: accountManagers, audit: 'account.update' },
    },
    async (req) => {
      auditTarget(req, req.body.uid);
      await accounts.update(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/account/info',
    {
      schema: { tags, summary: 'Delete an account below the caller', querystring: UidQuery, response: { 200: Done } },
      config: { access: accountManagers, audit: 'account.delete' },
    },
    async (req) => {
      auditTarget(req, req.query.uid);
      await accounts.remove(principalOf(req), req.query.uid);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/info/state',
    {
      schema: {
        tags,
        summary: 'Enable or disable an account (enabling lifts a suspension)',
        body: AccountStateBody,
        response: { 200: Done },
      },
      config: { access: accountManagers, audit: 'account.state' },
    },
    async (req) => {
      auditTarget(req, req.body.uid);
      await accounts.setState(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/reset/pwd',
    {
      schema: {
        tags,
        summary: 'Set a new password for an account below; it must be changed at the next login',
        body: PasswordResetBody,
        response: { 200: Done },
      },
      config: { access: accountManagers, audit: 'account.password.reset' },
    },
    async (req) => {
      auditTarget(req, req.body.uid);
      await accounts.resetPassword(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/assistant/state',
    {
      schema: {
        tags,
        summary: 'Enable or disable a super assistant account',
        body: Type.Object({ id: Type.Integer({ minimum: 1 }), state: AccountStateBody.properties.state }),
        response: { 200: Done },
      },
      config: { access: SUPER, audit: 'account.assistant.state' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await accounts.setState(principalOf(req), { uid: req.body.id, state: req.body.state }, assistantsOnly);
      return ok(null);
    },
  );

  app.delete(
    '/v1/account/assistant',
    {
      schema: { tags, summary: 'Delete a super assistant account', querystring: IdQuery, response: { 200: Done } },
      config: { access: SUPER, audit: 'account.assistant.delete' },
    },
    async (req) => {
      auditTarget(req, req.query.id);
      await accounts.remove(principalOf(req), req.query.id, assistantsOnly);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/assistant/pwd',
    {
      schema: {
        tags,
        summary: 'Set a new password for a super assistant account',
        body: Type.Object({
          id: Type.Integer({ minimum: 1 }),
          password: PasswordResetBody.properties.password,
          rePassword: PasswordResetBody.properties.rePassword,
        }),
        response: { 200: Done },
      },
      config: { access: SUPER, audit: 'account.assistant.password' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      const { id, ...passwords } = req.body;
      await accounts.resetPassword(principalOf(req), { uid: id, ...passwords }, assistantsOnly);
      return ok(null);
    },
  );
};
