import type { GoogleCodeBody } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const googleAuthQuery = () => queryOptions({ queryKey: ['googleAuth'], queryFn: () => api.credential.googleAuth() });

export const useGoogleAuth = () => useQuery(googleAuthQuery());

/** Bind or unbind with a code from the app; either way the binding state is read again. */
export const useGoogleAuthChange = (action: 'bind' | 'unbind') =>
  useRefreshingMutation(
    (body: GoogleCodeBody) => (action === 'bind' ? api.credential.bindGoogle(body) : api.credential.unbindGoogle(body)),
    [googleAuthQuery().queryKey],
  );
