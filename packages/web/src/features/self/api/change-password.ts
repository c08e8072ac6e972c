import type { PasswordChangeBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { selfInfoQuery } from '../../auth/index.js';

/** The own password; afterwards the server clears the first-login flag. */
export const changePassword = (body: PasswordChangeBody) => api.account.changePassword(body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Awaited: the guard reads the fresh selfInfo (first-login flag cleared) on the next navigation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfInfoQuery().queryKey }),
  });
}
