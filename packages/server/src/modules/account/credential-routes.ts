import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiTokenCreated,
  ApiTokenRecord,
  GoogleAuthInfo,
  GoogleCodeBody,
  GoogleLoginBody,
  LoginResult,
  ParamSetting,
} from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import type { ApiTokens } from './api-tokens.js';
import type { GoogleAuth } from './google-auth.js';
import type { AccountService } from './service.js';

const tags = ['account'];
const Done = Envelope(Type.Null());

/** The account's own credentials and settings: Google Authenticator, API tokens, parameter settings. */
export const credentialRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountService;
  googleAuth: GoogleAuth;
  apiTokens: ApiTokens;
}> = async (app, { accounts, googleAuth, apiTokens }) => {
  app.post(
    '/v1/account/mfa/login/google',
    {
      schema: {
        tags,
        summary: 'The second login step: the ticket of the login call and a Google Authenticator code',
        body: GoogleLoginBody,
        response: { 200: Envelope(LoginResult) },
      },
      config: { access: 'public', duringMaintenance: true, audit: 'account.login.google' },
    },
    async (req) =>
      ok(
        await accounts.loginWithGoogle(req.body, (actor) => {
          req.audit.actor = actor;
        }),
      ),
  );

  app.get(
    '/v1/account/mfa/google',
    {
      schema: {
        tags,
        summary: 'Whether Google Authenticator is bound, else a secret and otpauth URL to bind',
        response: { 200: Envelope(GoogleAuthInfo) },
      },
      config: { access: 'session', sessionOnly: true },
    },
    async (req) => ok(await googleAuth.info(principalOf(req).accountId)),
  );

  app.put(
    '/v1/account/mfa/google',
    {
      schema: { tags, summary: 'Bind Google Authenticator with a code from the app', body: GoogleCodeBody, response: { 200: Done } },
      config: { access: 'session', sessionOnly: true, audit: 'account.google.bind' },
    },
    async (req) => {
      await googleAuth.bind(principalOf(req).accountId, req.body.code);
      accounts.forgetSelfInfo(principalOf(req).accountId);
      return ok(null);
    },
  );

  app.put(
    '/v1/account/mfa/google/unbind',
    {
      schema: { tags, summary: 'Unbind Google Authenticator; takes a current code', body: GoogleCodeBody, response: { 200: Done } },
      config: { access: 'session', sessionOnly: true, audit: 'account.google.unbind' },
    },
    async (req) => {
      await googleAuth.unbind(principalOf(req).accountId, req.body.code);
      accounts.forgetSelfInfo(principalOf(req).accountId);
      return ok(null);
    },
  );

  app.get(
    '/v1/account/apiToken',
    {
      schema: {
        tags,
        summary: 'The caller’s API tokens (never the tokens themselves)',
        response: { 200: Envelope(Type.Array(ApiTokenRecord)) },
      },
      config: { access: 'session', sessionOnly: true },
    },
    async (req) => ok(await apiTokens.list(principalOf(req).accountId)),
  );

  app.post(
    '/v1/account/apiToken',
    {
      schema: {
        tags,
        summary: 'A new API token, shown in this answer only (at most 3 per account)',
        response: { 200: Envelope(ApiTokenCreated) },
      },
      config: { access: 'session', sessionOnly: true, audit: 'account.apiToken.create' },
    },
    async (req) => {
      const created = await apiTokens.create(principalOf(req).accountId);
      auditTarget(req, created.id);
      return ok(created);
    },
  );

  app.delete(
    '/v1/account/apiToken',
    {
      schema: {
        tags,
        summary: 'Revoke one of the caller’s API tokens',
        querystring: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Done },
      },
      config: { access: 'session', sessionOnly: true, audit: 'account.apiToken.delete' },
    },
    async (req) => {
      auditTarget(req, req.query.id);
      await apiTokens.remove(principalOf(req).accountId, req.query.id);
      return ok(null);
    },
  );

  app.get(
    '/v1/account/getParamSetting',
    {
      schema: { tags, summary: 'The caller’s own settings', response: { 200: Envelope(ParamSetting) } },
      config: { access: 'session', beforeClause: true },
    },
    async (req) => ok(await accounts.paramSetting(principalOf(req))),
  );

  app.put(
    '/v1/account/setParamSetting',
    {
      schema: { tags, summary: 'Change some of the caller’s own settings', body: ParamSetting, response: { 200: Done } },
      config: { access: 'session', audit: 'account.paramSetting' },
    },
    async (req) => {
      await accounts.setParamSetting(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/account/unsubscribe',
    {
      schema: { tags, summary: 'Stop all notification e-mails to the caller (docs/decisions.md)', response: { 200: Done } },
      config: { access: 'session', audit: 'account.unsubscribe' },
    },
    async (req) => {
      await accounts.setParamSetting(principalOf(req), { emailNotifications: false });
      return ok(null);
    },
  );
};
