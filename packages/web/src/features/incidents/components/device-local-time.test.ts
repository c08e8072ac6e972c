import { describe, expect, it } from 'vitest';
import { deviceLocalTime } from './device-local-time.js';

const trigger = Date.parse('2026-11-26T12:00:00.400Z');

describe('the device’s local time', () => {
  it('tells the offset from the device clock’s lead over the trigger time', () => {
    expect(deviceLocalTime('2026-11-26 13:00:00', trigger)).toEqual({ text: '2026-11-26 13:00:00', offset: 'UTC+01:00' });
    expect(deviceLocalTime('2026-11-26 17:30:01', trigger)).toEqual({ text: '2026-11-26 17:30:01', offset: 'UTC+05:30' });
    expect(deviceLocalTime('2026-11-26 09:00:00', trigger)?.offset).toBe('UTC-03:00');
  });

  it('takes the offset the device wrote', () => {
    expect(deviceLocalTime('2026-11-26T13:00:00+0100', trigger)).toEqual({ text: '2026-11-26 13:00:00', offset: 'UTC+01:00' });
    expect(deviceLocalTime('2026-11-26T12:00:00Z', trigger)?.offset).toBe('UTC+00:00');
  });

  it('leaves the offset unknown when the clock drifted or the text is not a time', () => {
    expect(deviceLocalTime('2026-11-26 13:07:00', trigger)).toEqual({ text: '2026-11-26 13:07:00', offset: null });
    expect(deviceLocalTime('yesterday noon', trigger)).toEqual({ text: 'yesterday noon', offset: null });
    expect(deviceLocalTime(null, trigger)).toBeNull();
  });
});
