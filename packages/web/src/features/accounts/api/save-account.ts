import { type AccountLevel, type AccountUpdateBody, accountApi, type RegisterBody } from '@safety-shield/contract';
import { api, call } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** The contract's register endpoint of each account level. */
export const registerEndpoint = {
  agent: accountApi.registerAgent,
  company: accountApi.registerCompany,
  fleet: accountApi.registerFleet,
  site: accountApi.registerSite,
  normal: accountApi.registerNormal,
  assistant: accountApi.registerAssistant,
} as const satisfies Record<AccountLevel, unknown>;

export const registerAccount = (level: AccountLevel, body: RegisterBody) => call(registerEndpoint[level], body);
export const updateAccount = (body: AccountUpdateBody) => api.account.update(body);

export const useRegisterAccount = () =>
  useRefreshingMutation(({ level, body }: { level: AccountLevel; body: RegisterBody }) => registerAccount(level, body), [['accounts']]);

export const useUpdateAccount = () => useRefreshingMutation(updateAccount, [['accounts']]);
