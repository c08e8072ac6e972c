import { type DashboardRange, instantOf, wallClock } from '@safety-shield/contract';

/** A range read in the caller's time zone: [from, to) as instants, and the start of the caller's today. */
export interface Window {
  from: Date;
  to: Date;
  today: Date;
  timeZone: string;
}

/** The instant a local date's midnight happens in the zone (month and day may overflow, as Date.UTC allows). */
export const localMidnight = (timeZone: string, year: number, month: number, day: number): Date =>
  new Date(instantOf(timeZone, { year, month, day }));

/**
 * SPEC section 9's ranges as instants, computed here rather than asked of the database (one round trip less on every
 * call): midnight, months and seasons are the caller's; every range but last month runs until now.
 */
export function windowOf(timeZone: string, range: DashboardRange, now = Date.now()): Window {
  const { year, month, day } = wallClock(timeZone, now);
  const at = (y: number, m: number, d: number) => localMidnight(timeZone, y, m, d);
  const today = at(year, month, day);
  const to = new Date(now);
  const from: Record<DashboardRange, () => Date> = {
    today: () => today,
    last7Days: () => at(year, month, day - 6),
    last14Days: () => at(year, month, day - 13),
    lastMonth: () => at(year, month - 1, 1),
    currentMonth: () => at(year, month, 1),
    currentSeason: () => at(year, Math.floor((month - 1) / 3) * 3 + 1, 1),
  };
  return { from: from[range](), to: range === 'lastMonth' ? at(year, month, 1) : to, today, timeZone };
}
