/** SPEC section 7: the X-Token lives in session storage (one per tab). */
const KEY = 'safety-shield-token';
/** The token of the newest login or logout in any tab of this browser (SPEC section 4, multi-tab). */
const LATEST_KEY = 'safety-shield-latest-token';

export const getToken = (): string | null => sessionStorage.getItem(KEY);

export function setToken(token: string) {
  sessionStorage.setItem(KEY, token);
  localStorage.setItem(LATEST_KEY, token);
}

/** A logout also ends the other tabs of the same session; a tab left behind by another login changes nothing there. */
export function clearToken() {
  if (localStorage.getItem(LATEST_KEY) === getToken()) localStorage.removeItem(LATEST_KEY);
  sessionStorage.removeItem(KEY);
}

/** True when another tab has since logged in as someone else or logged out: this tab's session is stale. */
export function tokenReplacedElsewhere(): boolean {
  const own = getToken();
  return own !== null && localStorage.getItem(LATEST_KEY) !== own;
}
