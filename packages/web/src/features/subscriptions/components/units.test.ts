import { describe, expect, it } from 'vitest';
import { formatBytes, periodProblem, usageMonth } from './units.js';

describe('usage units', () => {
  it('shows bytes in the largest whole unit with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1024 ** 6)).toBe('1,024 PB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });

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
