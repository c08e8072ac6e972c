import type { GoogleCodeBody } from '@safety-shield/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const googleAuthQuery = () => queryOptions({ queryKey: ['googleAuth'], queryFn: () => api.credential.googleAuth() });

export const useGoogleAuth = () => useQuery(googleAuthQuery());

/** Bind or unbind with a code from the app; either way the binding state is read again. */
export function useGoogleAuthChange(action: 'bind' | 'unbind') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoogleCodeBody) => (action === 'bind' ? api.credential.bindGoogle(body) : api.credential.unbindGoogle(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: googleAuthQuery().queryKey }),
  });
}
