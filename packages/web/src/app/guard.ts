import { mainRoutes, pathTo, type SelfInfo } from '@safety-shield/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPathFor, selfInfoQuery } from '../features/auth/index.js';
// The query alone: the maintenance screens stay out of the entry bundle.
import { maintenanceQuery } from '../features/maintenance/index.js';
import { clearToken, getToken } from '../shared/auth/token.js';
import { i18n } from '../shared/i18n/index.js';
import { notify } from '../shared/ui/feedback.js';
import { queryClient } from './query-client.js';
import { roleMayOpen } from './route-access.js';

/** SPEC section 2: guard messages last 5000 ms. */
const GUARD_MESSAGE_SECONDS = 5;

class VerificationFailed extends Error {}

/** Where the own terms and the first-login password change happen (SPEC section 2). */
export const SELF_PATH = pathTo('Self');
/** Where a Company Admin accepts the company's terms. */
const COMPANY_SETTING_PATH = pathTo('CompanySetting');

/**
 * The navigation guard of the layout (CONSOLE.md): no token → login with the wanted path;
 * token but no user info → fetch selfInfo; any failure → token cleared, time-out message, login;
 * then maintenance, own terms, first-login password, company terms, and the role's routes.
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
  const { role } = info.baseInfo;
  // Maintenance (issue 4): everyone but the Super Admin waits on the maintenance page.
  if (role !== 'SUPER_ADMIN') {
    const maintenance = await queryClient.fetchQuery({ ...maintenanceQuery(), staleTime: 30_000 }).catch(() => null);
    if (maintenance?.on) throw redirect(pathTo('Maintenance'));
  }
  // SPEC section 2, in its order: own terms first, then the first-login password, then a Company Admin's company terms.
  if (!info.baseInfo.finishClause && url.pathname !== SELF_PATH) {
    notify((message) => message.warning({ content: i18n.t('clauses.guard.self'), duration: GUARD_MESSAGE_SECONDS, key: 'clause' }));
    throw redirect(pathTo('Self', { query: { firstTime: true } }));
  }
  if (info.baseInfo.firstTimeLogin && url.pathname !== SELF_PATH) {
    notify((message) => message.warning({ content: i18n.t('guard.firstLogin'), duration: GUARD_MESSAGE_SECONDS, key: 'first-login' }));
    throw redirect(SELF_PATH);
  }
  if (role === 'COMPANY_ADMIN' && !info.orgFinishClause && url.pathname !== COMPANY_SETTING_PATH && url.pathname !== SELF_PATH) {
    notify((message) =>
      message.warning({ content: i18n.t('clauses.guard.organisation'), duration: GUARD_MESSAGE_SECONDS, key: 'org-clause' }),
    );
    throw redirect(pathTo('CompanySetting', { query: { firstTime: true } }));
  }
  // CONSOLE.md: a route the role may not see resolves to /404.
  if (!roleMayOpen(mainRoutes, url.pathname, role)) throw redirect(pathTo('NotFound'));
  return null;
}

/** The guard runs on every navigation inside the layout, not only when the layout's own URL changes. */
export const guardEveryNavigation = () => true;

/** With a token, /login goes to the dashboard. */
export function redirectIfSignedIn() {
  if (getToken()) throw redirect('/');
  return null;
}
