import { CONFIG_LIMITS } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { rangeText, unitSymbol } from './limits.js';

describe('a configuration field’s range and unit', () => {
  it('come from the contract’s schema, in the reader’s numbers and words', () => {
    expect(rangeText('en', CONFIG_LIMITS.uploadIntervalSeconds, 'second')).toBe('1–60 seconds');
    expect(rangeText('ru', CONFIG_LIMITS.uploadIntervalSeconds, 'second')).toBe('1–60 секунд');
    expect(rangeText('en', CONFIG_LIMITS.areaRadius, 'meter')).toBe('10–100,000 metres');
    // Russian groups thousands with a (narrow) no-break space.
    expect(rangeText('ru', CONFIG_LIMITS.areaRadius, 'meter').replace(/\s/g, ' ')).toBe('10–100 000 метров');
    expect(rangeText('de', CONFIG_LIMITS.gpsBatch)).toBe('1–500');
    expect(rangeText('nb', CONFIG_LIMITS.areaSpeedLimit, 'kilometer-per-hour')).toBe('1–300 km/t');
  });

  it('beside a field, a unit is its symbol in the reader’s language', () => {
    expect(unitSymbol('en', 'second')).toBe('s');
    expect(unitSymbol('ru', 'second')).toBe('с');
    expect(unitSymbol('ru', 'meter')).toBe('м');
    expect(unitSymbol('ru', 'kilometer-per-hour')).toBe('км/ч');
  });
});
