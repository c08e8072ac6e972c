import { offsetText } from '@safety-shield/contract';

/** A device clock's text: date and time, seconds and fraction optional, an offset (Z, +01:00, +0100) if the device gave one. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const QUARTER_HOUR_MS = 15 * 60_000;
/** A device clock this far from a whole quarter-hour offset has drifted: its zone cannot be told. */
const DRIFT_MS = 2 * 60_000;
/** Zones run from UTC−12:00 to UTC+14:00. */
const MAX_OFFSET_MS = 14 * 3_600_000;

export interface DeviceLocalTime {
  /** The device's wall clock as the console writes times ("2026-11-23 14:03:11"), else its text as sent. */
  text: string;
  /** "UTC+01:00" when the device said it, or when its clock and the trigger time tell it; null otherwise. */
  offset: string | null;
}

/**
 * Issue 16: the device's own clock (`localTime`) next to the trigger time, with the offset that explains the difference.
 * Without one in the text, the offset is the clock's lead over the trigger instant, when that is a whole quarter hour.
 */
export function deviceLocalTime(localTime: string | null, triggerTime: number): DeviceLocalTime | null {
  if (!localTime) return null;
  const match = LOCAL_TIME.exec(localTime.trim());
  if (!match) return { text: localTime, offset: null };
  const [, y, mo, d, h, mi, s = '00', zone] = match;
  const text = `${y}-${mo}-${d} ${h}:${mi}:${s}`;
  if (zone) {
    if (zone === 'Z') return { text, offset: offsetText(0) };
    const digits = zone.replace(':', '');
    const ms = (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
    return { text, offset: offsetText(zone.startsWith('-') ? -ms : ms) };
  }
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const lead = wall - Math.floor(triggerTime / 1000) * 1000;
  const offset = Math.round(lead / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const known = Math.abs(lead - offset) <= DRIFT_MS && Math.abs(offset) <= MAX_OFFSET_MS;
  return { text, offset: known ? offsetText(offset) : null };
}
