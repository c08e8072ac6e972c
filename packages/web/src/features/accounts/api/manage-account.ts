import type { AccountStateBody, PasswordResetBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Re-enabling also lifts a suspension after 5 wrong passwords. */
export const changeAccountState = (body: AccountStateBody) => http.put<null>('/v1/account/info/state', body);
export const deleteAccount = (uid: number) => http.delete<null>('/v1/account/info', { uid });
/** The user must change the new password at the next login. */
export const resetPassword = (body: PasswordResetBody) => http.put<null>('/v1/account/reset/pwd', body);

const useAccountMutation = <T>(mutationFn: (input: T) => Promise<null>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }) });
};

export const useChangeAccountState = () => useAccountMutation(changeAccountState);
export const useDeleteAccount = () => useAccountMutation(deleteAccount);
export const useResetPassword = () => useAccountMutation(resetPassword);
