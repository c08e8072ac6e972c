import { instantOf, ONLINE_SUMMARY_MAX_DAYS } from '@safety-shield/contract';
import { formatInZone } from '../../../shared/ui/format.js';

/** A span of whole days of the caller's zone, first and last included: YYYY-MM-DD, as the URL and the answer write them. */
export interface DaySpan {
  first: string;
  last: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day as [year, month, day]; anything else (or a day no calendar has, 2026-02-30) is undefined. */
function partsOf(day: string | undefined): [number, number, number] | undefined {
  const match = day ? DAY_PATTERN.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const back = new Date(Date.UTC(year, month - 1, date));
  return back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? [year, month, date] : undefined;
}

/** Calendar arithmetic on the day's name: zone-free, so a daylight-saving change cannot skip or repeat a day. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = partsOf(day) ?? [1970, 1, 1];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** The day an instant falls on in the zone. */
export const dayOf = (ms: number, timeZone?: string) => formatInZone(ms, 'YYYY-MM-DD', timeZone);

/** Every day of the span, first to last. */
export function daysOf({ first, last }: DaySpan): string[] {
  const days: string[] = [];
  for (let day = first; day <= last && days.length <= ONLINE_SUMMARY_MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days the span holds (0 when it ends before it starts). */
export function dayCount({ first, last }: DaySpan): number {
  const [a, b] = [partsOf(first), partsOf(last)];
  if (!a || !b) return 0;
  return Math.max(0, Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / DAY_MS) + 1);
}

/** Why the server would refuse the span: it must hold at least one day and at most ONLINE_SUMMARY_MAX_DAYS. */
export function spanProblem(span: DaySpan): 'order' | 'tooLong' | undefined {
  const count = dayCount(span);
  if (count === 0) return 'order';
  return count > ONLINE_SUMMARY_MAX_DAYS ? 'tooLong' : undefined;
}

/** The last `count` days up to and including `today`. */
export const lastDays = (today: string, count: number): DaySpan => ({ first: addDays(today, 1 - count), last: today });

/** The page's span from the URL; missing or malformed days give the last 7 days up to today. */
export function spanFrom(filters: { from?: string; to?: string }, today: string): DaySpan {
  const [first, last] = [filters.from, filters.to];
  return first && last && partsOf(first) && partsOf(last) ? { first, last } : lastDays(today, 7);
}

/** The span as instants: from the first day's midnight to the midnight that ends the last day (the zone's days). */
export function spanInstants({ first, last }: DaySpan, timeZone: string): { startTime: number; endTime: number } {
  const midnight = (day: string) => {
    const [year, month, date] = partsOf(day) ?? [1970, 1, 1];
    return instantOf(timeZone, { year, month, day: date });
  };
  return { startTime: midnight(first), endTime: midnight(addDays(last, 1)) };
}
