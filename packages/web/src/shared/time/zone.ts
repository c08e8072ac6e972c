import { useSyncExternalStore } from 'react';
import { timeZoneFor } from './rule.js';

/** The browser's IANA zone, as Intl resolves it (Playwright's `timezoneId` sets it too). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The signed-in account's stored zone, as selfInfo last told it; null before sign-in and for an account without one. */
let accountZone: string | null = null;
const listeners = new Set<() => void>();

/** The zone every time on the console is shown in (issue 16): the account's, else the browser's. */
export const displayTimeZone = () => timeZoneFor(accountZone, browserTimeZone());

/** selfInfo arrived (or the session ended: null): later formatting follows the account's zone. */
export function setAccountTimeZone(zone: string | null | undefined): void {
  const next = zone || null;
  if (next === accountZone) return;
  accountZone = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The display zone for a component that must draw again when it changes (the shell keys its views on it). */
export const useTimeZone = () => useSyncExternalStore(subscribe, displayTimeZone);
