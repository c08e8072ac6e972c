import { type ReportQuery, type ReportRange, reportRanges } from '@safety-shield/contract';

/** The page's state in the URL (a link reproduces the report): range, custom days and organisation. */
export const REPORT_KEYS = ['tab', 'range', 'fromDay', 'toDay', 'agentId', 'companyId', 'fleetId'] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The report opens on last week, the span a weekly report covers. */
const DEFAULT_REPORT_RANGE: ReportRange = 'lastWeek';

const id = (text: string | undefined) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
};
const day = (text: string | undefined) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

/** The URL's range when it is one, else the default. */
export const reportRangeOf = (filters: Partial<Record<ReportKey, string>>): ReportRange =>
  (reportRanges as readonly string[]).includes(filters.range ?? '') ? (filters.range as ReportRange) : DEFAULT_REPORT_RANGE;

/** The report's query from the URL; a custom range without both days asks nothing yet (undefined). */
export function reportQueryOf(filters: Partial<Record<ReportKey, string>>): ReportQuery | undefined {
  const range = reportRangeOf(filters);
  const query: ReportQuery = { range };
  if (range === 'custom') {
    const fromDay = day(filters.fromDay);
    const toDay = day(filters.toDay);
    if (!fromDay || !toDay) return undefined;
    Object.assign(query, { fromDay, toDay });
  }
  for (const key of ['agentId', 'companyId', 'fleetId'] as const) {
    const value = id(filters[key]);
    if (value !== undefined) query[key] = value;
  }
  return query;
}
