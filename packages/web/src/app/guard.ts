import { mainRoutes, type SelfInfo } from '@safety-shield/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPathFor, selfInfoQuery } from '../features/auth/index.js';
import { clearToken, getToken } from '../shared/auth/token.js';
import { i18n } from '../shared/i18n/index.js';
import { notify } from '../shared/ui/feedback.js';
import { queryClient } from './query-client.js';
import { roleMayOpen } from './route-access.js';

/** SPEC section 2: guard messages last 5000 ms. */
const GUARD_MESSAGE_SECONDS = 5;

class VerificationFailed extends Error {}

/** Where the first-login password change happens (SPEC section 2). */
export const SELF_PATH = '/self/index';

/**
 * The navigation guard of the layout (CONSOLE.md): no token → login with the wanted path;
 * token but no user info → fetch selfInfo; any failure → token cleared, time-out message, login.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  if (!getToken()) throw redirect(loginPathFor(wanted));
  let info: SelfInfo;
  try {
    info = await queryClient.ensureQueryData(selfInfoQuery());
    if (!info?.baseInfo?.role) throw new VerificationFailed();
  } catch (error) {
    clearToken();
    queryClient.clear();
    const text = error instanceof VerificationFailed ? i18n.t('guard.verificationFailed') : i18n.t('guard.loginTimeout');
    notify((message) => message.error(text, GUARD_MESSAGE_SECONDS));
    throw redirect(loginPathFor(wanted));
  }
  // SPEC section 2: with the first-login flag set, every page but the own profile waits for a new password.
  if (info.baseInfo.firstTimeLogin && url.pathname !== SELF_PATH) {
    notify((message) => message.warning({ content: i18n.t('guard.firstLogin'), duration: GUARD_MESSAGE_SECONDS, key: 'first-login' }));
    throw redirect(SELF_PATH);
  }
  // CONSOLE.md: a route the role may not see resolves to /404.
  if (!roleMayOpen(mainRoutes, url.pathname, info.baseInfo.role)) throw redirect('/404');
  return null;
}

/** The guard runs on every navigation inside the layout, not only when the layout's own URL changes. */
export const guardEveryNavigation = () => true;

/** With a token, /login goes to the dashboard. */
export function redirectIfSignedIn() {
  if (getToken()) throw redirect('/');
  return null;
}
