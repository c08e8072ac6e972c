import { describe, expect, it } from 'vitest';
import { periodProblem, usageMonth } from './units.js';

describe('usage units', () => {
  it('takes a well-formed month from the URL, else the current UTC month', () => {
    const now = new Date(Date.UTC(2026, 10, 30, 23, 30));
    expect(usageMonth('2026-03', now)).toBe('2026-03');
    expect(usageMonth('2026-13', now)).toBe('2026-11');
    expect(usageMonth(undefined, now)).toBe('2026-11');
  });

  it('refuses a period that does not end after it starts', () => {
    expect(periodProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(periodProblem('2026-01-01', '2026-01-01')).toBe('endBeforeStart');
    expect(periodProblem('2026-02-01', '2026-01-01')).toBe('endBeforeStart');
  });
});
