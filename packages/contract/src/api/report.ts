import { type Static, Type } from 'typebox';
import { languages } from '../languages.js';
import { CoachingFigures } from './coaching.js';
import { OrgFilter } from './common.js';
import { type dashboardPeriods, dashboardRanges } from './dashboard.js';
import { SafetyFigures, SafetyScoreList, SafetyScoreRow } from './safety-score.js';
import { StatisticsOverview } from './statistics.js';

/**
 * A report's range (`/statistics/report`, issue 19): the statistics' ranges, the last whole week (Monday to Sunday) or
 * the last 12 whole months before this one, or any span of whole local days up to REPORT_DAYS_MAX (`custom`).
 */
export const reportRanges = [...dashboardRanges, 'lastWeek', 'last12Months', 'custom'] as const;
export type ReportRange = (typeof reportRanges)[number];
export const REPORT_DAYS_MAX = 366;

export const LocalDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a local date, YYYY-MM-DD' });

/** The report of a range and an organisation (the caller's whole scope without one); `fromDay`/`toDay` for `custom` only. */
export const ReportQuery = Type.Object({
  range: Type.Enum(reportRanges),
  fromDay: Type.Optional(LocalDay),
  toDay: Type.Optional(LocalDay),
  ...OrgFilter,
});
export type ReportQuery = Static<typeof ReportQuery>;

/** The PDF of the same, in a language (the caller's by default). */
export const ReportPdfQuery = Type.Object({ ...ReportQuery.properties, language: Type.Optional(Type.Enum(languages)) });
export type ReportPdfQuery = Static<typeof ReportPdfQuery>;

/** The report's charts count by day up to 31 days, by week up to 92 and by month beyond. */
export function reportPeriod(days: number): (typeof dashboardPeriods)[number] {
  if (days <= 31) return 'day';
  if (days <= 92) return 'week';
  return 'month';
}

/** `GET /v1/statistics/report`: what the report shows and its PDF prints. */
export const StatisticsReport = Type.Object({
  /** The organisation (or the caller's scope) the report is of. */
  title: Type.String(),
  generatedAt: Type.Integer(),
  overview: StatisticsOverview,
  safety: Type.Object({
    overall: SafetyFigures,
    trend: SafetyScoreList.properties.trend,
    /** Fleets by score, worst first (at most 10), and the 10 vehicles with the lowest scores. */
    fleets: Type.Array(SafetyScoreRow),
    worstVehicles: Type.Array(SafetyScoreRow),
    defaultWeights: Type.Boolean(),
  }),
  coaching: CoachingFigures,
});
export type StatisticsReport = Static<typeof StatisticsReport>;
