import {
  type DashboardPeriod,
  type DashboardRange,
  dashboardPeriods,
  dashboardRanges,
  type IncidentType,
  incidentTypes,
  type StatisticsQuery,
} from '@safety-shield/contract';

/** The page's state in the URL (a link reproduces the view): tab, range, period and the filters. */
export const STATISTICS_KEYS = ['tab', 'range', 'period', 'agentId', 'companyId', 'fleetId', 'vehicleId', 'tagId', 'type'] as const;
export type StatisticsKey = (typeof STATISTICS_KEYS)[number];
export type StatisticsTab = 'overview' | 'tags';

/** SPEC section 5: a range is required; the page opens on the last 7 days. */
export const DEFAULT_RANGE: DashboardRange = 'last7Days';

const id = (text: string | undefined) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
};
const oneOf = <T extends string>(list: readonly T[], text: string | undefined): T | undefined =>
  list.includes(text as T) ? (text as T) : undefined;

/** The query the URL names; anything unknown there is left out (a hand-edited link never becomes a refused call). */
export function queryOf(filters: Partial<Record<StatisticsKey, string>>): StatisticsQuery {
  const query: StatisticsQuery = {
    range: oneOf(dashboardRanges, filters.range) ?? DEFAULT_RANGE,
    period: oneOf<DashboardPeriod>(dashboardPeriods, filters.period) ?? 'day',
  };
  const fields = { agentId: id(filters.agentId), companyId: id(filters.companyId), fleetId: id(filters.fleetId) };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) query[key as keyof typeof fields] = value;
  const vehicleId = id(filters.vehicleId);
  if (vehicleId !== undefined) query.vehicleId = vehicleId;
  const tagId = id(filters.tagId);
  if (tagId !== undefined) query.tagId = tagId;
  const type = oneOf<IncidentType>(incidentTypes, filters.type);
  if (type !== undefined) query.type = type;
  return query;
}

export const tabOf = (filters: Partial<Record<StatisticsKey, string>>): StatisticsTab => (filters.tab === 'tags' ? 'tags' : 'overview');
