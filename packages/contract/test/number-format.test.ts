import { describe, expect, it } from 'vitest';
import { CONFIG_LIMITS } from '../src/api/device-config.js';
import { languages } from '../src/languages.js';
import { formatBytes, formatMeasure, formatNumber, formatRange, unitSymbol } from '../src/number-format.js';

/** Intl separates a number from its unit and groups digits with no-break spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the reader’s language (issue 29)', () => {
  it('writes decimals and groups as each language does', () => {
    expect(formatNumber('en', 12345.67)).toBe('12,345.7');
    expect(plain(formatNumber('ru', 12345.67))).toBe('12 345,7');
    expect(formatNumber('de', 12345.67)).toBe('12.345,7');
    expect(formatNumber('ru', 0.125, 2)).toBe('0,13');
    // Every language but English writes a decimal comma.
    for (const language of languages.filter((l) => l !== 'en')) expect(formatNumber(language, 1.5), language).toBe('1,5');
  });

  it('names units in the language: speed, distance, sizes, shares', () => {
    expect(formatMeasure('en', 52.5, 'kilometer-per-hour')).toBe('52.5 km/h');
    expect(plain(formatMeasure('ru', 52.5, 'kilometer-per-hour'))).toBe('52,5 км/ч');
    expect(plain(formatMeasure('nb', 52, 'kilometer-per-hour'))).toBe('52 km/t');
    expect(plain(formatMeasure('ru', 1234.5, 'kilometer'))).toBe('1 234,5 км');
    expect(plain(formatMeasure('ru', 200, 'meter'))).toBe('200 м');
    expect(plain(formatMeasure('ru', 42.5, 'percent'))).toBe('42,5 %');
    expect(plain(unitSymbol('ru', 'kilometer-per-hour'))).toBe('км/ч');
    expect(unitSymbol('en', 'kilometer')).toBe('km');
  });

  it('counts bytes in binary steps with the language’s symbols', () => {
    expect(formatBytes('en', 1536)).toBe('1.5 kB');
    expect(plain(formatBytes('ru', 1536))).toBe('1,5 кБ');
    expect(plain(formatBytes('ru', 3.2 * 1024 ** 2))).toBe('3,2 МБ');
    expect(plain(formatBytes('fr', 5 * 1024 ** 3))).toBe('5 Go');
    expect(plain(formatBytes('ru', 12))).toBe('12 байт');
    expect(formatBytes('en', 0)).toBe('0 bytes');
    expect(formatBytes('en', 1024 ** 6)).toBe('1,024 PB');
  });

  it('writes a configuration field’s range in the reader’s numbers and words', () => {
    const range = (language: string, { min, max }: { min: number; max: number }, unit?: 'second' | 'meter' | 'kilometer-per-hour') =>
      plain(formatRange(language, min, max, unit));
    expect(range('en', CONFIG_LIMITS.uploadIntervalSeconds, 'second')).toBe('1–60 seconds');
    expect(range('ru', CONFIG_LIMITS.uploadIntervalSeconds, 'second')).toBe('1–60 секунд');
    expect(range('en', CONFIG_LIMITS.areaRadius, 'meter')).toBe('10–100,000 metres');
    expect(range('ru', CONFIG_LIMITS.areaRadius, 'meter')).toBe('10–100 000 метров');
    expect(range('de', CONFIG_LIMITS.gpsBatch)).toBe('1–500');
    expect(range('nb', CONFIG_LIMITS.areaSpeedLimit, 'kilometer-per-hour')).toBe('1–300 km/t');
    expect(plain(unitSymbol('ru', 'second'))).toBe('с');
    expect(plain(unitSymbol('ru', 'meter'))).toBe('м');
  });
});
