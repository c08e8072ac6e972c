import type { AccountStateBody, PasswordResetBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Re-enabling also lifts a suspension after 5 wrong passwords. */
export const changeAccountState = (body: AccountStateBody) => api.account.setState(body);
export const deleteAccount = (uid: number) => api.account.remove({ uid });
/** The user must change the new password at the next login. */
export const resetPassword = (body: PasswordResetBody) => api.account.resetPassword(body);

const useAccountMutation = <T>(mutationFn: (input: T) => Promise<null>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }) });
};

export const useChangeAccountState = () => useAccountMutation(changeAccountState);
export const useDeleteAccount = () => useAccountMutation(deleteAccount);
export const useResetPassword = () => useAccountMutation(resetPassword);
