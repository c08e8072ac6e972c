import { type DeviceAlertQuery, deviceAlertStates, deviceFaultCodes } from '@safety-shield/contract';

/** The alert list's filters as they live in the URL. */
export const ALERT_FILTERS = ['state', 'code', 'keyword'] as const;
export type AlertFilterKey = (typeof ALERT_FILTERS)[number];
export type AlertFilters = Omit<DeviceAlertQuery, 'page' | 'limit'>;

/** What the page shows first: the alerts that wait for someone. `all` in the URL lifts the state filter. */
export const DEFAULT_STATE = 'pending';
export const ALL_STATES = 'all';
const states: readonly string[] = [...deviceAlertStates, 'open'];
const codes: readonly string[] = deviceFaultCodes;

/** The URL's filters as the list call takes them; unknown values are left out. */
export function alertFilters(filters: Partial<Record<AlertFilterKey, string>>): AlertFilters {
  const state = filters.state ?? DEFAULT_STATE;
  const query: AlertFilters = {};
  if (states.includes(state)) query.state = state as AlertFilters['state'];
  if (filters.code && codes.includes(filters.code)) query.code = filters.code as AlertFilters['code'];
  if (filters.keyword?.trim()) query.keyword = filters.keyword.trim();
  return query;
}
