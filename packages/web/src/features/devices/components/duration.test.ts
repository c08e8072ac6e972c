import { describe, expect, it } from 'vitest';
import { durationParts } from './duration.js';

describe('connection time in words', () => {
  it('shows the two largest units', () => {
    expect(durationParts(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toEqual([
      { unit: 'days', count: 3 },
      { unit: 'hours', count: 4 },
    ]);
    expect(durationParts(125)).toEqual([
      { unit: 'minutes', count: 2 },
      { unit: 'seconds', count: 5 },
    ]);
  });

  it('skips a zero second unit rather than showing "1 d 0 h"', () => {
    expect(durationParts(86_400 + 30)).toEqual([{ unit: 'days', count: 1 }]);
  });

  it('never connected is 0 s', () => {
    expect(durationParts(0)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(durationParts(-5)).toEqual([{ unit: 'seconds', count: 0 }]);
  });
});
