import {
  type DashboardPeriod,
  type DashboardRange,
  dashboardPeriods,
  dashboardRanges,
  type IncidentType,
  incidentTypes,
  type Role,
  type SafetyLevel,
  type SafetyScoreQuery,
  type StatisticsQuery,
  safetyLevels,
} from '@safety-shield/contract';
import { picksCompany } from '../../safety-score/index.js';

/** The page's state in the URL (a link reproduces the view): tab, range, period and the filters. */
export const STATISTICS_KEYS = [
  'tab',
  'range',
  'period',
  'agentId',
  'companyId',
  'fleetId',
  'vehicleId',
  'tagId',
  'type',
  'level',
  'order',
] as const;
export type StatisticsKey = (typeof STATISTICS_KEYS)[number];
const statisticsTabs = ['overview', 'tags', 'safety'] as const;
export type StatisticsTab = (typeof statisticsTabs)[number];

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

export const tabOf = (filters: Partial<Record<StatisticsKey, string>>): StatisticsTab => oneOf(statisticsTabs, filters.tab) ?? 'overview';

/** How many rows the Safety score tab ranks. */
export const SAFETY_RANKING_ROWS = 20;

/**
 * The Safety score tab's query: the range, period and data source of the page (tag and type do not apply), the level
 * ranked (vehicles unless the URL says otherwise; companies only for a role that sees several) and the order.
 */
export function safetyQueryOf(query: StatisticsQuery, filters: Partial<Record<StatisticsKey, string>>, levels: readonly SafetyLevel[]) {
  const { tagId: _tag, type: _type, ...source } = query;
  const safety: SafetyScoreQuery = {
    ...source,
    level: oneOf(levels, filters.level) ?? 'vehicle',
    order: filters.order === 'best' ? 'best' : 'worst',
    limit: SAFETY_RANKING_ROWS,
  };
  return safety;
}

const belowCompany: readonly SafetyLevel[] = safetyLevels.filter((level) => level !== 'company');

/** The levels a role ranks by: companies only for the Super and Agent Admins, who see several. */
export const safetyLevelsOf = (role: Role | undefined): readonly SafetyLevel[] => (picksCompany(role) ? safetyLevels : belowCompany);
