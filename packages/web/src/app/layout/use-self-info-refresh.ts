import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selfInfoQuery } from '../../features/auth/index.js';
import { SELF_INFO_STALE_EVENT } from '../../shared/http/client.js';

/**
 * When the server refuses a call until the user acts (a password reset or new terms while signed in), the cached
 * user info is out of date: reload it and navigate again, so the guard sends the user where to act.
 */
export function useSelfInfoRefresh() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const onStale = async () => {
      await queryClient.invalidateQueries({ queryKey: selfInfoQuery().queryKey });
      await navigate(pathname + search, { replace: true });
    };
    const listener = () => void onStale();
    window.addEventListener(SELF_INFO_STALE_EVENT, listener);
    return () => window.removeEventListener(SELF_INFO_STALE_EVENT, listener);
  }, [queryClient, navigate, pathname, search]);
}
