import type { AccountLevel, AccountUpdateBody, RegisterBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const registerAccount = (level: AccountLevel, body: RegisterBody) =>
  http.post<{ id: number }>(`/v1/account/register/${level}`, body);
export const updateAccount = (body: AccountUpdateBody) => http.put<null>('/v1/account/info', body);

export function useRegisterAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ level, body }: { level: AccountLevel; body: RegisterBody }) => registerAccount(level, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
