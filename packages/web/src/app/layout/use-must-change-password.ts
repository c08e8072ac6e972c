import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { selfInfoQuery } from '../../features/auth/index.js';
import { MUST_CHANGE_PASSWORD_EVENT } from '../../shared/http/client.js';
import { SELF_PATH } from '../guard.js';

/**
 * When the server refuses a call until the password is changed (a reset while signed in), the cached
 * user info is out of date: reload it and let the guard send the user to the password form.
 */
export function useMustChangePassword() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onMustChange = async () => {
      await queryClient.invalidateQueries({ queryKey: selfInfoQuery().queryKey });
      await navigate(SELF_PATH);
    };
    const listener = () => void onMustChange();
    window.addEventListener(MUST_CHANGE_PASSWORD_EVENT, listener);
    return () => window.removeEventListener(MUST_CHANGE_PASSWORD_EVENT, listener);
  }, [queryClient, navigate]);
}
