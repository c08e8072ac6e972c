import { TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetRange, trailRangeProblem } from './trail-range.js';

describe('trail time range', () => {
  const now = dayjs('2026-03-10T15:20:00').valueOf();

  it('knows today, yesterday and the last 24 hours in the browser’s time zone', () => {
    expect(presetRange('today', now)).toEqual([dayjs('2026-03-10T00:00:00').valueOf(), now]);
    expect(presetRange('yesterday', now)).toEqual([dayjs('2026-03-09T00:00:00').valueOf(), dayjs('2026-03-10T00:00:00').valueOf() - 1]);
    expect(presetRange('last24h', now)).toEqual([now - 86_400_000, now]);
  });

  it('asks for both ends, in order', () => {
    expect(trailRangeProblem(undefined, now)).toBe('required');
    expect(trailRangeProblem(now, now)).toBe('order');
    expect(trailRangeProblem(now, now - 1)).toBe('order');
  });

  it('takes exactly 7 days and refuses a millisecond more', () => {
    expect(trailRangeProblem(now - TRAIL_MAX_RANGE_MS, now)).toBeNull();
    expect(trailRangeProblem(now - TRAIL_MAX_RANGE_MS - 1, now)).toBe('tooLong');
  });
});
