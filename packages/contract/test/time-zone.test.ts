import { describe, expect, it } from 'vitest';
import { instantOf, isTimeZone, offsetText, wallClock, zoneOffset } from '../src/time-zone.js';

const at = (iso: string) => Date.parse(iso);

describe('time zone names', () => {
  it('takes the IANA names the engine knows, aliases and UTC included', () => {
    for (const name of ['Europe/Oslo', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5', 'Asia/Kolkata'])
      expect(isTimeZone(name), name).toBe(true);
  });

  it('refuses offsets, unknown names and hostile strings', () => {
    const hostile = [
      '',
      '+01:00',
      'Mars/Olympus',
      "Europe/Oslo'; drop table account; --",
      '../../etc/passwd',
      'Europe/Oslo\u0000',
      'A'.repeat(65),
      42,
      null,
    ];
    for (const name of hostile) expect(isTimeZone(name), String(name)).toBe(false);
  });
});

describe('wall clocks of a zone', () => {
  it('reads Oslo in winter and in summer', () => {
    expect(wallClock('Europe/Oslo', at('2026-01-15T12:00:00Z'))).toMatchObject({ year: 2026, month: 1, day: 15, hour: 13 });
    expect(wallClock('Europe/Oslo', at('2026-07-15T12:00:00Z'))).toMatchObject({ hour: 14 });
    expect(offsetText(zoneOffset('Europe/Oslo', at('2026-01-15T12:00:00Z')))).toBe('UTC+01:00');
    expect(offsetText(zoneOffset('America/St_Johns', at('2026-01-15T12:00:00Z')))).toBe('UTC-03:30');
  });

  it('finds the instant of a wall clock across daylight saving', () => {
    expect(instantOf('Europe/Oslo', { year: 2026, month: 3, day: 29 })).toBe(at('2026-03-28T23:00:00Z'));
    expect(instantOf('Europe/Oslo', { year: 2026, month: 3, day: 30 })).toBe(at('2026-03-29T22:00:00Z'));
    // Spring's skipped 02:30 is the instant after the gap; autumn's twice-passed 02:30 its first passing.
    expect(instantOf('Europe/Oslo', { year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toBe(at('2026-03-29T01:30:00Z'));
    expect(instantOf('Europe/Oslo', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 })).toBe(at('2026-10-25T00:30:00Z'));
    expect(instantOf('Asia/Tokyo', { year: 2026, month: 11, day: 26 })).toBe(at('2026-11-25T15:00:00Z'));
  });
});
