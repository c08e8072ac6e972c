import { describe, expect, it } from 'vitest';
import { spanTimes } from './span-times.js';

describe('spanTimes', () => {
  it('runs from the first day at 00:00 to the last millisecond of the last day, in the zone', () => {
    expect(spanTimes({ fromDay: '2024-03-01', toDay: '2024-03-31' }, 'UTC')).toEqual({
      startTime: Date.UTC(2024, 2, 1),
      endTime: Date.UTC(2024, 3, 1) - 1,
    });
  });

  it('follows the zone over a daylight-saving change (Oslo, 31 March 2024)', () => {
    const { startTime, endTime } = spanTimes({ fromDay: '2024-03-31', toDay: '2024-03-31' }, 'Europe/Oslo');
    expect(startTime).toBe(Date.UTC(2024, 2, 30, 23));
    // The day has 23 hours: it ends at 22:00 UTC.
    expect(endTime).toBe(Date.UTC(2024, 2, 31, 22) - 1);
  });
});
