import { type AccountLevel, accountApi, accountLevels, type RegisterName, registerName } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { type EndpointRequest, serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import type { ClauseService } from '../clauses/index.js';
import { auditActor, auditCreated } from '../logs/index.js';
import type { Captcha } from './captcha.js';
import type { AccountService } from './service.js';
import type { Sessions } from './sessions.js';

export interface AccountDeps {
  clauses: ClauseService;
  captcha: Captcha;
  sessions: Sessions;
  accounts: AccountService;
}

/** Handlers of the contract's account endpoints: logging in and out, the own profile, the accounts below. */
export const accountRoutes: FastifyPluginAsync<AccountDeps> = async (app, { captcha, sessions, accounts, clauses }) => {
  const register = (level: AccountLevel) => (req: EndpointRequest<typeof accountApi.registerAgent>) =>
    auditCreated(req, accounts.register(principalOf(req), level, req.body));
  const registrations = Object.fromEntries(accountLevels.map((level) => [registerName(level), register(level)])) as Record<
    RegisterName<AccountLevel>,
    ReturnType<typeof register>
  >;

  serve(app, accountApi, {
    // The widget reads the bare challenge, so this one call answers without the envelope.
    captcha: async (_req, reply) => reply.header('cache-control', 'no-store').send(await captcha.challenge()),
    login: async (req) => accounts.login(req.body, auditActor(req), browserTimeZone(req)),
    loginWithGoogle: async (req) => accounts.loginWithGoogle(req.body, auditActor(req), browserTimeZone(req)),
    identify: async (req) => accounts.identify(principalOf(req), req.body),
    logout: async (req) => sessions.revoke(principalOf(req).tokenHash),
    selfInfo: async (req) => {
      const principal = principalOf(req);
      const [info, unfinished] = await Promise.all([accounts.selfInfo(principal.accountId), clauses.unfinished(principal)]);
      return {
        baseInfo: { ...info.baseInfo, finishClause: !unfinished.own },
        orgFinishClause: !unfinished.organisation,
        orgPic: info.orgPic,
      };
    },
    updateSelf: async (req) => accounts.updateSelf(principalOf(req), req.body),
    changePassword: async (req) => accounts.changePassword(principalOf(req), req.body),
    removeSelf: async (req) => accounts.deleteSelf(principalOf(req), req.query.pwd),
    list: async (req) => accounts.list(principalOf(req), req.query),
    assistants: async (req) => accounts.list(principalOf(req), { ...req.query, role: 'SUPER_ASSISTANT' }),
    ...registrations,
    info: async (req) => accounts.info(principalOf(req), req.query.uid),
    update: async (req) => accounts.update(principalOf(req), req.body),
    remove: async (req) => accounts.remove(principalOf(req), req.query.uid),
    setState: async (req) => accounts.setState(principalOf(req), req.body),
    resetPassword: async (req) => accounts.resetPassword(principalOf(req), req.body),
    setAssistantState: async (req) => accounts.setAssistantState(principalOf(req), req.body),
    removeAssistant: async (req) => accounts.removeAssistant(principalOf(req), req.query.id),
    resetAssistantPassword: async (req) => accounts.resetAssistantPassword(principalOf(req), req.body),
  });
};
