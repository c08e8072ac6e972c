import { type DashboardRange, wallClock } from '@safety-shield/contract';
import { windowOf } from '../dashboard/window.js';

/** A local date as PostgreSQL writes it. */
export const isoDay = (year: number, month: number, day: number): string => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.toISOString().slice(0, 10);
};

/** The local date of an instant in a zone. */
export function dayIn(timeZone: string, at: number): string {
  const { year, month, day } = wallClock(timeZone, at);
  return isoDay(year, month, day);
}

/** The day after a local date. */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whole local days [from, to) and today, in a zone. */
export interface DayRange {
  from: string;
  to: string;
  today: string;
}

/**
 * SPEC section 9's ranges as whole local days of a zone: the dashboard's windows (`windowOf`, the same rules) read as
 * dates. Every range but last month includes all of today.
 */
export function dayRange(timeZone: string, range: DashboardRange, now: number): DayRange {
  const w = windowOf(timeZone, range, now);
  const today = dayIn(timeZone, w.today.getTime());
  return {
    from: dayIn(timeZone, w.from.getTime()),
    to: range === 'lastMonth' ? dayIn(timeZone, w.to.getTime()) : nextDay(today),
    today,
  };
}
