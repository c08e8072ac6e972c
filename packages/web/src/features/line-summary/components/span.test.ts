import { describe, expect, it } from 'vitest';
import { addDays, dayCount, daysOf, lastDays, spanFrom, spanInstants, spanProblem } from './span.js';

describe('the span of days', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayCount({ first: '2026-03-01', last: '2026-03-31' })).toBe(31);
    expect(daysOf({ first: '2025-12-30', last: '2026-01-02' })).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  });

  it('defaults to the last 7 days up to today, also for a malformed URL', () => {
    expect(lastDays('2026-03-10', 7)).toEqual({ first: '2026-03-04', last: '2026-03-10' });
    expect(spanFrom({}, '2026-03-10')).toEqual({ first: '2026-03-04', last: '2026-03-10' });
    expect(spanFrom({ from: '2026-02-30', to: '2026-03-02' }, '2026-03-10')).toEqual({ first: '2026-03-04', last: '2026-03-10' });
    expect(spanFrom({ from: '2026-02-01', to: '2026-02-03' }, '2026-03-10')).toEqual({ first: '2026-02-01', last: '2026-02-03' });
  });

  it('refuses more than 31 days and a span that ends before it starts', () => {
    expect(spanProblem({ first: '2026-01-01', last: '2026-01-31' })).toBeUndefined();
    expect(spanProblem({ first: '2026-01-01', last: '2026-02-01' })).toBe('tooLong');
    expect(spanProblem({ first: '2026-01-02', last: '2026-01-01' })).toBe('order');
  });

  it('runs from the first midnight to the midnight after the last day, in the zone', () => {
    expect(spanInstants({ first: '2026-03-04', last: '2026-03-04' }, 'UTC')).toEqual({
      startTime: Date.UTC(2026, 2, 4),
      endTime: Date.UTC(2026, 2, 5),
    });
    // Oslo is UTC+1 in winter: its day starts at 23:00 UTC the evening before.
    expect(spanInstants({ first: '2026-01-10', last: '2026-01-11' }, 'Europe/Oslo')).toEqual({
      startTime: Date.UTC(2026, 0, 9, 23),
      endTime: Date.UTC(2026, 0, 11, 23),
    });
    // The spring change: that day has 23 hours.
    const spring = spanInstants({ first: '2026-03-29', last: '2026-03-29' }, 'Europe/Oslo');
    expect(spring.endTime - spring.startTime).toBe(23 * 3_600_000);
  });
});
