import { type DashboardRange, dashboardRanges, type ReportRange, wallClock } from '@safety-shield/contract';
import { localMidnight, windowOf } from '../dashboard/index.js';

/** A local date as PostgreSQL writes it. */
const isoDay = (year: number, month: number, day: number): string => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.toISOString().slice(0, 10);
};

/** The local date of an instant in a zone. */
export function dayIn(timeZone: string, at: number): string {
  const { year, month, day } = wallClock(timeZone, at);
  return isoDay(year, month, day);
}

/** The day after a local date. */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whole local days [from, to) and today, in a zone. */
interface DayRange {
  from: string;
  to: string;
  today: string;
}

/** A range and, for `custom`, its first and last day (checked by the caller: valid dates, in order, not too long). */
export interface RangeAsk {
  range: ReportRange;
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

const isDashboardRange = (range: ReportRange): range is DashboardRange => (dashboardRanges as readonly string[]).includes(range);

/**
 * SPEC section 9's ranges as whole local days of a zone: the dashboard's windows (`windowOf`, the same rules) read as
 * dates. Every range but last month includes all of today. The report's own ranges are whole past days: last week
 * (Monday to Sunday), the last 12 months before this one, or a custom span.
 */
export function dayRange(timeZone: string, ask: RangeAsk, now: number): DayRange {
  const { year, month, day } = wallClock(timeZone, now);
  const today = isoDay(year, month, day);
  const { range } = ask;
  if (isDashboardRange(range)) {
    const w = windowOf(timeZone, range, now);
    return { from: dayIn(timeZone, w.from.getTime()), to: range === 'lastMonth' ? dayIn(timeZone, w.to.getTime()) : nextDay(today), today };
  }
  if (range === 'lastWeek') {
    const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    return { from: isoDay(year, month, day - sinceMonday - 7), to: isoDay(year, month, day - sinceMonday), today };
  }
  if (range === 'last12Months') return { from: isoDay(year, month - 12, 1), to: isoDay(year, month, 1), today };
  const from = ask.fromDay ?? today;
  return { from, to: nextDay(ask.toDay ?? from), today };
}

/** The hours of a zone's days [from, to) up to now: utilisation's denominator. */
export function rangeHours(timeZone: string, days: DayRange, now: number): number {
  const at = (d: string) => localMidnight(timeZone, Number(d.slice(0, 4)), Number(d.slice(5, 7)), Number(d.slice(8, 10))).getTime();
  return Math.max(0, (Math.min(now, at(days.to)) - at(days.from)) / 3_600_000);
}
