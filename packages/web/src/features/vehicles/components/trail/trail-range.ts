import { instantOf, TRAIL_MAX_RANGE_MS, wallClock } from '@safety-shield/contract';
import { displayTimeZone } from '../../../../shared/time/zone.js';

export const trailPresets = ['today', 'yesterday', 'last24h'] as const;
export type TrailPreset = (typeof trailPresets)[number];

/** A preset's range in the display zone's days (issue 16), ending at `now` at the latest. */
export function presetRange(preset: TrailPreset, now: number, timeZone = displayTimeZone()): [number, number] {
  const { year, month, day } = wallClock(timeZone, now);
  const today = instantOf(timeZone, { year, month, day });
  switch (preset) {
    case 'today':
      return [today, now];
    case 'yesterday':
      return [instantOf(timeZone, { year, month, day: day - 1 }), today - 1];
    case 'last24h':
      return [now - 24 * 3_600_000, now];
  }
}

export type TrailRangeProblem = 'required' | 'order' | 'tooLong';

/** What is wrong with a range before it is asked for: the API answers at most 7 days (TRAIL_MAX_RANGE_MS). */
export function trailRangeProblem(start: number | undefined, end: number | undefined): TrailRangeProblem | null {
  if (start === undefined || end === undefined) return 'required';
  if (end <= start) return 'order';
  if (end - start > TRAIL_MAX_RANGE_MS) return 'tooLong';
  return null;
}
