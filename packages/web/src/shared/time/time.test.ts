import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatInZone, formatTime, zoneName } from '../ui/format.js';
import { dayRangeOf, fromPickerValue, toPickerValue } from './picker.js';
import { timeZoneFor } from './rule.js';
import { browserTimeZone, displayTimeZone, setAccountTimeZone } from './zone.js';

const at = (iso: string) => Date.parse(iso);
const OSLO = 'Europe/Oslo';

describe('the console’s time zone rule', () => {
  it('takes the account’s zone when it has one', () => {
    expect(timeZoneFor('Asia/Tokyo', OSLO)).toBe('Asia/Tokyo');
  });

  it('takes the browser’s zone otherwise', () => {
    expect(timeZoneFor(null, OSLO)).toBe(OSLO);
    expect(timeZoneFor('', OSLO)).toBe(OSLO);
    // A stored zone no engine knows does not break every time on the console.
    expect(timeZoneFor('Mars/Olympus', OSLO)).toBe(OSLO);
    expect(timeZoneFor(undefined, undefined)).toBe('UTC');
  });

  it('follows the signed-in account, and the browser again once it is gone', () => {
    setAccountTimeZone('Asia/Tokyo');
    expect(displayTimeZone()).toBe('Asia/Tokyo');
    expect(formatTime(at('2026-11-26T12:00:00Z'))).toBe('2026-11-26 21:00:00');
    setAccountTimeZone(null);
    expect(displayTimeZone()).toBe(browserTimeZone());
  });
});

describe('times in a zone', () => {
  it('formats an instant as the zone’s wall clock, and names the zone with its offset', () => {
    expect(formatInZone(at('2026-01-15T23:30:05Z'), undefined, OSLO)).toBe('2026-01-16 00:30:05');
    expect(formatInZone(at('2026-07-15T12:00:00Z'), 'MM-DD HH:mm', OSLO)).toBe('07-15 14:00');
    expect(zoneName(OSLO, at('2026-01-15T12:00:00Z'))).toBe('Europe/Oslo (UTC+01:00)');
    expect(zoneName(OSLO, at('2026-07-15T12:00:00Z'))).toBe('Europe/Oslo (UTC+02:00)');
    expect(formatTime(null)).toBe('—');
  });

  it('maps a picked day range in Europe/Oslo to the right UTC instants across daylight saving', () => {
    // 29 March 2026 has 23 hours in Oslo, 25 October 25 hours.
    const spring = dayRangeOf([dayjs('2026-03-28'), dayjs('2026-03-29')], OSLO);
    expect(spring).toEqual({ from: at('2026-03-27T23:00:00Z'), to: at('2026-03-29T22:00:00Z') - 1 });
    const autumn = dayRangeOf([dayjs('2026-10-25'), dayjs('2026-10-25')], OSLO);
    expect(autumn).toEqual({ from: at('2026-10-24T22:00:00Z'), to: at('2026-10-25T23:00:00Z') - 1 });
    expect(autumn.to + 1 - autumn.from).toBe(25 * 3_600_000);
  });

  it('shows an instant in a picker as the zone’s wall clock and reads it back', () => {
    const instant = at('2026-11-26T12:34:00Z');
    const shown = toPickerValue(instant, 'Asia/Tokyo');
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-11-26 21:34');
    expect(fromPickerValue(shown, 'Asia/Tokyo')).toBe(instant);
    expect(fromPickerValue(dayjs('2026-07-01T08:00'), OSLO)).toBe(at('2026-07-01T06:00:00Z'));
  });
});
