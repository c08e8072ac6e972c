import { instantOf, wallClock } from '@safety-shield/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { displayTimeZone } from './zone.js';

/**
 * antd's pickers count in the browser's zone (dayjs); the console's times are the display zone's (issue 16). A picker
 * value is therefore a wall clock: shown as the display zone shows the instant, read back as the instant that zone's
 * wall clock names. Browser and display zone alike, both are the identity.
 */

/** The picker value showing the instant `ms` as the display zone's wall clock. */
export function toPickerValue(ms: number, timeZone = displayTimeZone()): Dayjs {
  const w = wallClock(timeZone, ms);
  return dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond));
}

/** The instant a picker value's wall clock names in the display zone. */
export const fromPickerValue = (value: Dayjs, timeZone = displayTimeZone()): number =>
  instantOf(timeZone, {
    year: value.year(),
    month: value.month() + 1,
    day: value.date(),
    hour: value.hour(),
    minute: value.minute(),
    second: value.second(),
    millisecond: value.millisecond(),
  });

/** Now, as a picker value of the display zone (for presets and "no future day" rules). */
export const pickerNow = (timeZone = displayTimeZone()) => toPickerValue(Date.now(), timeZone);

/** A picked span of days as instants: from the first day's midnight to the instant before the day after the last (the zone's days). */
export function dayRangeOf([first, last]: readonly [Dayjs, Dayjs], timeZone = displayTimeZone()): { from: number; to: number } {
  const from = instantOf(timeZone, { year: first.year(), month: first.month() + 1, day: first.date() });
  const to = instantOf(timeZone, { year: last.year(), month: last.month() + 1, day: last.date() + 1 }) - 1;
  return { from, to };
}

/**
 * A picked span of whole days as a list keeps it in its URL: `from`, and `to` the span's last instant, or with
 * `toExclusive` the first instant after it. No span, no filters.
 */
export function daySpanFilters(range: readonly [Dayjs, Dayjs] | null | undefined, toExclusive = false): { from?: string; to?: string } {
  if (!range) return {};
  const { from, to } = dayRangeOf(range);
  return { from: String(from), to: String(toExclusive ? to + 1 : to) };
}

/** The picker's span of a list's `from` and `to` (as `daySpanFilters` wrote them); none unless both are set. */
export const daySpanValue = (from: number | undefined, to: number | undefined, toExclusive = false): [Dayjs, Dayjs] | null =>
  from && to ? [toPickerValue(from), toPickerValue(toExclusive ? to - 1 : to)] : null;
