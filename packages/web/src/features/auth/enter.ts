import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setToken } from '../../shared/auth/token.js';
import { saveBrowserTimeZone } from '../../shared/preferences/cookies.js';
import { safeRedirect } from './redirect.js';

/** Where a single sign-on started from the login page goes back to afterwards (the login page's `redirect`). */
const SSO_REDIRECT_KEY = 'safety-shield-sso-redirect';

export const rememberSsoRedirect = (target: string | null) =>
  target ? sessionStorage.setItem(SSO_REDIRECT_KEY, target) : sessionStorage.removeItem(SSO_REDIRECT_KEY);

export function takeSsoRedirect(): string | null {
  const target = sessionStorage.getItem(SSO_REDIRECT_KEY);
  sessionStorage.removeItem(SSO_REDIRECT_KEY);
  return target;
}

/** Signs the tab in with a session token and opens the wanted page (only a page of this console). */
export function useEnter() {
  const navigate = useNavigate();
  return useCallback(
    async (token: string, target: string | null) => {
      setToken(token);
      saveBrowserTimeZone();
      await navigate(safeRedirect(target), { replace: true });
    },
    [navigate],
  );
}
