import { REPORT_DAYS_MAX, type ReportQuery, reportPeriod } from '@safety-shield/contract';
import { AppError } from '../../http/errors.js';
import { dayRange } from '../statistics/index.js';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** A real date (2026-02-30 is not), within the years the portal keeps. */
const isDate = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day && day >= '2000-01-01' && day <= '2099-12-31';
};

/**
 * Checks a report's range: `custom` needs both days, real dates, at most REPORT_DAYS_MAX days (in order: the span rule
 * of every input, contract `spans.ts`, refused it before), and other ranges take no days. Answers its length in days
 * (read in UTC: zones move it by at most one day) and its period.
 */
export function checkedRange(query: ReportQuery, now: number) {
  if (query.range === 'custom') {
    for (const field of ['fromDay', 'toDay'] as const) {
      const day = query[field];
      if (day === undefined || !isDate(day)) throw new AppError('PARAM_CHECK_FAIL', field, { field });
    }
    const days = dayNumber(query.toDay as string) - dayNumber(query.fromDay as string) + 1;
    if (days > REPORT_DAYS_MAX) throw new AppError('PARAM_CHECK_FAIL', 'toDay', { field: 'toDay', max: REPORT_DAYS_MAX });
    return { days, period: reportPeriod(days) };
  }
  for (const field of ['fromDay', 'toDay'] as const) {
    if (query[field] !== undefined) throw new AppError('PARAM_CHECK_FAIL', field, { field });
  }
  const span = dayRange('UTC', query, now);
  const days = dayNumber(span.to) - dayNumber(span.from);
  return { days, period: reportPeriod(days) };
}

/**
 * The report's first and last day as its query names them, read in UTC: what the report's period (on screen, in the
 * PDF and its file name) says when no company is in view to lend its days (the statistics' span is then empty).
 */
export function queryDays(query: ReportQuery, now: number): { fromDay: string; toDay: string } {
  const span = dayRange('UTC', query, now);
  const last = new Date(Date.parse(`${span.to}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return { fromDay: span.from, toDay: last };
}
