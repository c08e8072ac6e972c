import { pathTo } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from '../../../shared/auth/token.js';
import { api } from '../../../shared/http/api.js';
import { clearTimeZone } from '../../../shared/preferences/cookies.js';

export const logout = () => api.account.logout(undefined, { silent: true });

/** Revokes the session on the server, forgets everything cached, and goes to the login page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout().catch(() => undefined); // an already-expired token is logged out all the same
    // SPEC section 4: logout clears the token, the user info (roles, first-login flag) and the time zone; the views go with the layout.
    clearToken();
    clearTimeZone();
    queryClient.clear();
    await navigate(pathTo('Login'), { replace: true });
  }, [queryClient, navigate]);
}
