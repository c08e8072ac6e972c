import { describe, expect, it } from 'vitest';
import { hoursOf, onlineParts } from './online-time.js';

describe('online time in a cell', () => {
  it('reads in hours and minutes, even past a day', () => {
    expect(onlineParts(7 * 3_600 + 30 * 60 + 59)).toEqual([
      { unit: 'hours', count: 7 },
      { unit: 'minutes', count: 30 },
    ]);
    expect(onlineParts(52 * 3_600)).toEqual([{ unit: 'hours', count: 52 }]);
    expect(onlineParts(12 * 60 + 5)).toEqual([{ unit: 'minutes', count: 12 }]);
  });

  it('shows the seconds of a brief connection rather than nothing', () => {
    expect(onlineParts(42)).toEqual([{ unit: 'seconds', count: 42 }]);
    expect(onlineParts(0)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(onlineParts(-3)).toEqual([{ unit: 'seconds', count: 0 }]);
  });

  it('gives the chart hours to the hundredth', () => {
    expect(hoursOf(5_400)).toBe(1.5);
    expect(hoursOf(86_400)).toBe(24);
    expect(hoursOf(61)).toBe(0.02);
  });
});
