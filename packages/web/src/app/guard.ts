import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPathFor, selfInfoQuery } from '../features/auth/index.js';
import { clearToken, getToken } from '../shared/auth/token.js';
import { i18n } from '../shared/i18n/index.js';
import { feedback } from '../shared/ui/feedback.js';
import { queryClient } from './query-client.js';

/** SPEC section 2: guard messages last 5000 ms. */
const GUARD_MESSAGE_SECONDS = 5;

class VerificationFailed extends Error {}

/**
 * The navigation guard of the layout (CONSOLE.md): no token → login with the wanted path;
 * token but no user info → fetch selfInfo; any failure → token cleared, time-out message, login.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  if (!getToken()) throw redirect(loginPathFor(wanted));
  try {
    const info = await queryClient.ensureQueryData(selfInfoQuery());
    if (!info?.baseInfo?.role) throw new VerificationFailed();
  } catch (error) {
    clearToken();
    queryClient.clear();
    const text = error instanceof VerificationFailed ? i18n.t('guard.verificationFailed') : i18n.t('guard.loginTimeout');
    feedback.message?.error(text, GUARD_MESSAGE_SECONDS);
    throw redirect(loginPathFor(wanted));
  }
  return null;
}

/** With a token, /login goes to the dashboard. */
export function redirectIfSignedIn() {
  if (getToken()) throw redirect('/');
  return null;
}
