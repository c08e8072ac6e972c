import type { AccountStateBody, PasswordResetBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Re-enabling also lifts a suspension after 5 wrong passwords. */
export const changeAccountState = (body: AccountStateBody) => api.account.setState(body);
export const deleteAccount = (uid: number) => api.account.remove({ uid });
/** The user must change the new password at the next login. */
export const resetPassword = (body: PasswordResetBody) => api.account.resetPassword(body);

const useAccountMutation = <T>(mutationFn: (input: T) => Promise<null>) => useRefreshingMutation(mutationFn, [['accounts']]);

export const useChangeAccountState = () => useAccountMutation(changeAccountState);
export const useDeleteAccount = () => useAccountMutation(deleteAccount);
export const useResetPassword = () => useAccountMutation(resetPassword);
