import { TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import dayjs from 'dayjs';

export const trailPresets = ['today', 'yesterday', 'last24h'] as const;
export type TrailPreset = (typeof trailPresets)[number];

/** A preset's range in the browser's time zone, ending at `now` at the latest. */
export function presetRange(preset: TrailPreset, now: number): [number, number] {
  const today = dayjs(now).startOf('day');
  switch (preset) {
    case 'today':
      return [today.valueOf(), now];
    case 'yesterday':
      return [today.subtract(1, 'day').valueOf(), today.valueOf() - 1];
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
