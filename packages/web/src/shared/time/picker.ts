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
