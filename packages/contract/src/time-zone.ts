/**
 * Time zones by IANA name (issue 16): which names are good, a zone's wall clock at an instant and the instant of a wall
 * clock. Intl only, so the server and the console read a zone the same way.
 */

/** An IANA name's shape: letters first (no offsets such as "+01:00", which Intl also takes), at most 64 characters. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
export const TIME_ZONE_MAX = 64;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of the zone's wall clock; throws a RangeError for a zone Intl does not know. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

let known: Set<string> | undefined;
/** Intl.supportedValuesOf's canonical names; engines differ on aliases (UTC, Asia/Kolkata), which Intl still resolves. */
const supported = () => {
  known ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  return known;
};

/** An IANA time zone name this engine knows (Intl.supportedValuesOf, or an alias Intl resolves); anything else is refused. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > TIME_ZONE_MAX || !ZONE_NAME.test(name)) return false;
  if (supported().has(name)) return true;
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall clock of a time zone at an instant (epoch ms). */
export function wallClock(timeZone: string, at: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((at % 1000) + 1000) % 1000,
  };
}

/** Offsets already read, by zone and quarter hour (reading one through Intl costs microseconds, and devices ask often). */
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 900_000;

/**
 * How far the zone's wall clock is ahead of UTC at an instant, in ms (Oslo in winter: 3 600 000). Zones change their
 * offset at whole quarter hours of UTC, so one reading serves its quarter hour.
 */
export function zoneOffset(timeZone: string, at: number): number {
  const key = `${timeZone} ${Math.floor(at / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const w = wallClock(timeZone, at);
  const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
  if (offsets.size >= 10_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant a wall clock shows in the zone (fields may overflow, as Date.UTC allows). A time the clocks skip in spring
 * maps to the instant after the gap; one they pass twice in autumn to its first passing.
 */
export function instantOf(timeZone: string, w: Partial<WallClock> & Pick<WallClock, 'year' | 'month' | 'day'>): number {
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour ?? 0, w.minute ?? 0, w.second ?? 0, w.millisecond ?? 0);
  const first = wall - zoneOffset(timeZone, wall);
  // Once more with the offset in force at that instant: a daylight-saving change between the two readings.
  const second = wall - zoneOffset(timeZone, first);
  if (second === first) {
    // In autumn's repeated hour the earlier reading (the summer offset) is the first passing.
    const earlier = wall - zoneOffset(timeZone, first - 3_600_000);
    return earlier < first && zoneOffset(timeZone, earlier) === wall - earlier ? earlier : first;
  }
  // The two readings disagree only in spring's gap: the later offset, as Intl and Temporal's "compatible" do.
  return Math.max(first, second);
}

/** An offset as the console names it: "UTC+01:00", "UTC−03:30"; zero is "UTC+00:00". */
export function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const sign = offsetMs < 0 ? '-' : '+';
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
