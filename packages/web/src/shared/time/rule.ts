import { isTimeZone } from '@safety-shield/contract';

/**
 * Issue 16's one rule: the console shows times in the account's time zone when it has a good one, else in the
 * browser's (SPEC section 9), else UTC.
 */
export function timeZoneFor(accountZone: string | null | undefined, browserZone: string | null | undefined): string {
  if (isTimeZone(accountZone)) return accountZone;
  if (isTimeZone(browserZone)) return browserZone;
  return 'UTC';
}
