import { describe, expect, it } from 'vitest';
import { durationParts } from './duration.js';

describe('durationParts', () => {
  it('keeps the two largest units from the first that is not zero', () => {
    expect(durationParts(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toEqual([
      { unit: 'days', count: 3 },
      { unit: 'hours', count: 4 },
    ]);
    expect(durationParts(3_600 + 7)).toEqual([{ unit: 'hours', count: 1 }]);
    expect(durationParts(59.9)).toEqual([{ unit: 'seconds', count: 59 }]);
  });
  it('says 0 s for nothing or less', () => {
    expect(durationParts(0)).toEqual([{ unit: 'seconds', count: 0 }]);
    expect(durationParts(-5)).toEqual([{ unit: 'seconds', count: 0 }]);
  });
});
