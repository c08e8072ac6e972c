import { instantOf, isTimeZone, type ReportFrequency, wallClock } from '@safety-shield/contract';

/** A report is due from this local hour of its day (Monday for the weekly, the 1st for the monthly). */
export const DUE_HOUR = 6;

/** The latest period of a frequency that is due at an instant in a zone. */
export interface DuePeriod {
  /** The first day of the week or month the report covers (a local date, YYYY-MM-DD). */
  periodStart: string;
  /** Its last day. */
  periodEnd: string;
  /** When it became due: Monday or the 1st at DUE_HOUR, local time. */
  dueAt: number;
}

/** A period's first and last day from its first: a week of 7 days, or the calendar month. */
export function periodFrom(frequency: ReportFrequency, periodStart: string): Pick<DuePeriod, 'periodStart' | 'periodEnd'> {
  const [year = 1970, month = 1, day = 1] = periodStart.split('-').map(Number);
  return { periodStart, periodEnd: frequency === 'weekly' ? dayText(year, month, day + 6) : dayText(year, month + 1, 0) };
}

/** The zone a recipient's days are counted in: the account's, when it names one this engine knows, else UTC. */
export const zoneOf = (timeZone: string | null | undefined): string => (timeZone && isTimeZone(timeZone) ? timeZone : 'UTC');

/** A date's YYYY-MM-DD from its fields; the fields may overflow, as Date.UTC allows. */
const dayText = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/**
 * The latest period due at `now` in `zone`: weekly, the week (Monday to Sunday) before the latest Monday whose 06:00 has
 * passed; monthly, the month before the latest 1st whose 06:00 has passed. Only this period is ever due, so a delivery
 * missed while no node ran is sent late once and older ones never.
 */
export function latestPeriod(frequency: ReportFrequency, zone: string, now: number): DuePeriod {
  const today = wallClock(zone, now);
  const due = (year: number, month: number, day: number) => instantOf(zone, { year, month, day, hour: DUE_HOUR });
  if (frequency === 'weekly') {
    const weekday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
    let monday = today.day - weekday;
    if (due(today.year, today.month, monday) > now) monday -= 7;
    return { ...periodFrom('weekly', dayText(today.year, today.month, monday - 7)), dueAt: due(today.year, today.month, monday) };
  }
  const month = due(today.year, today.month, 1) > now ? today.month - 1 : today.month;
  return { ...periodFrom('monthly', dayText(today.year, month - 1, 1)), dueAt: due(today.year, month, 1) };
}
