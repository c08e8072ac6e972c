import type { GoogleAuthInfo, GoogleCodeBody } from '@safety-shield/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const googleAuthQuery = () =>
  queryOptions({ queryKey: ['googleAuth'], queryFn: () => http.get<GoogleAuthInfo>('/v1/account/mfa/google') });

export const useGoogleAuth = () => useQuery(googleAuthQuery());

/** Bind or unbind with a code from the app; either way the binding state is read again. */
export function useGoogleAuthChange(action: 'bind' | 'unbind') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoogleCodeBody) =>
      http.put<null>(action === 'bind' ? '/v1/account/mfa/google' : '/v1/account/mfa/google/unbind', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: googleAuthQuery().queryKey }),
  });
}
