import { TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetRange, trailRangeProblem } from './trail-range.js';

describe('trail time range', () => {
  const now = dayjs('2026-03-10T15:20:00').valueOf();

  it('counts days in the zone it is given', () => {
    // 2026-03-10 15:20 UTC is already 00:20 on the 11th in Tokyo; the 1st of March's yesterday is in February.
    const utc = Date.UTC(2026, 2, 10, 15, 20);
    expect(presetRange('today', utc, 'Asia/Tokyo')).toEqual([Date.UTC(2026, 2, 10, 15), utc]);
    const first = Date.UTC(2026, 2, 1, 12);
    expect(presetRange('yesterday', first, 'UTC')).toEqual([Date.UTC(2026, 1, 28), Date.UTC(2026, 2, 1) - 1]);
  });

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
