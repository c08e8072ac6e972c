import { type CodeKey, type Envelope, loginExpiredCodes, pathTo, type QueryParams, toQuery } from '@safety-shield/contract';
import { asksForIdentity, confirmIdentity } from '../auth/identity.js';
import { clearToken, getToken } from '../auth/token.js';
import { i18n } from '../i18n/index.js';
import { browserTimeZone } from '../time/zone.js';
import { feedback } from '../ui/feedback.js';

/** SPEC section 7: the general time-out; zip downloads pass their own. */
export const REQUEST_TIMEOUT_MS = 300_000;
/** SPEC section 9: error toasts last 2 seconds. */
export const TOAST_SECONDS = 2;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly codeKey: CodeKey | undefined,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  timeout?: number;
  /** No toast or dialog: the caller shows the failure itself (the guard does). */
  silent?: boolean;
  /** The answer is a file or a bare body: a success gives the `Response` itself, unread. */
  raw?: boolean;
}

/**
 * Raised on window when the server refuses a call until the user does something first (change the password,
 * accept terms): the app reloads the user info and lets the guard lead the way.
 */
export const SELF_INFO_STALE_EVENT = 'safety-shield:self-info-stale';
const WAITING_FOR_USER: readonly (string | undefined)[] = ['USER_MUST_CHANGE_PASSWORD', 'USER_CLAUSE_NO_FINISH'];

let loginExpiredShown = false;

/** SPEC section 8: one toast, then one 'Log-in expired' confirmation however many calls fail; either answer resets. */
function loginExpired(text: string) {
  if (loginExpiredShown) return;
  loginExpiredShown = true;
  feedback.message?.error(text, TOAST_SECONDS);
  const reset = () => {
    clearToken();
    window.location.reload();
  };
  if (!feedback.modal) return reset();
  feedback.modal.confirm({
    title: i18n.t('http.loginExpiredTitle'),
    content: i18n.t('http.loginExpired'),
    okText: i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
    onOk: reset,
    onCancel: reset,
  });
}

/** The text of a refused call: the server's message, else the code key's translation. */
export function failureText(body: Partial<Envelope>): string {
  if (body.msg) return body.msg;
  const key = `codeKey.${body.codeKey}`;
  return body.codeKey && i18n.exists(key) ? i18n.t(key) : i18n.t('codeKey.SERVER_EXCEPTION');
}

/**
 * The headers of every API call: the console's language, the browser's time zone (the server's days for an account
 * without one, and kept by it at login: issue 16) and the session's token; JSON when a body goes along.
 */
export function apiHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'en', 'x-time-zone': browserTimeZone() };
  const token = getToken();
  if (token) headers['x-token'] = token;
  if (json) headers['content-type'] = 'application/json';
  return headers;
}

/**
 * One call of the API; features call through the typed client (`api.ts`), which fills in method, path and body.
 * `identified`: this is the call again after the user confirmed the password, which is asked for at most once.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}, identified = false): Promise<T> {
  const headers = apiHeaders(options.body !== undefined);
  let response: Response;
  try {
    response = await fetch(path + toQuery(options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const text = error instanceof DOMException && error.name === 'TimeoutError' ? i18n.t('http.timeout') : (error as Error).message;
    if (!options.silent) feedback.message?.error(i18n.t('http.networkError', { message: text }), TOAST_SECONDS);
    throw new ApiError(text, 0, undefined);
  }
  if (options.raw && response.ok) return response as T;
  let body: Partial<Envelope<T>>;
  try {
    body = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    body = { code: response.status, codeKey: 'SERVER_EXCEPTION' };
  }
  if (body.code === 200) return body.data as T;
  const code = body.code ?? response.status;
  if (asksForIdentity(body) && !identified && !options.silent) {
    if (await confirmIdentity()) return request<T>(method, path, options, true);
    // Cancelled: the user knows why nothing happened, no toast.
    throw new ApiError(failureText(body), code, body.codeKey, body.data);
  }
  const text = failureText(body);
  // Maintenance: no toast, the maintenance page says it.
  if (body.codeKey === 'SYSTEM_MAINTENANCE' && window.location.pathname !== pathTo('Maintenance')) {
    window.location.assign(pathTo('Maintenance'));
  } else if (!options.silent) {
    if (loginExpiredCodes.includes(code)) loginExpired(text);
    else feedback.message?.error(text, TOAST_SECONDS);
  }
  if (WAITING_FOR_USER.includes(body.codeKey)) window.dispatchEvent(new Event(SELF_INFO_STALE_EVENT));
  throw new ApiError(body.msg || i18n.t('http.genericError'), code, body.codeKey, body.data ?? null);
}
