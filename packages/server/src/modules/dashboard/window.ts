import type { DashboardRange } from '@safety-shield/contract';

/** A range read in the caller's time zone: [from, to) as instants, and the start of the caller's today. */
export interface Window {
  from: Date;
  to: Date;
  today: Date;
  timeZone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
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

/** The wall clock of a time zone at an instant. */
function wallClock(timeZone: string, at: number) {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const w = wallClock(timeZone, at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a local date's midnight happens in the zone (month and day may overflow, as Date.UTC allows). */
export function localMidnight(timeZone: string, year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - offsetAt(timeZone, wall);
  // Once more with the offset in force at that instant: a daylight-saving change between the two readings.
  at = wall - offsetAt(timeZone, at);
  return new Date(at);
}

/**
 * SPEC section 9's ranges as instants, computed here rather than asked of the database (one round trip less on every
 * call): midnight, months and seasons are the caller's; every range but last month runs until now.
 */
export function windowOf(timeZone: string, range: DashboardRange, now = Date.now()): Window {
  const { year, month, day } = wallClock(timeZone, now);
  const at = (y: number, m: number, d: number) => localMidnight(timeZone, y, m, d);
  const today = at(year, month, day);
  const to = new Date(now);
  const from: Record<DashboardRange, () => Date> = {
    today: () => today,
    last7Days: () => at(year, month, day - 6),
    last14Days: () => at(year, month, day - 13),
    lastMonth: () => at(year, month - 1, 1),
    currentMonth: () => at(year, month, 1),
    currentSeason: () => at(year, Math.floor((month - 1) / 3) * 3 + 1, 1),
  };
  return { from: from[range](), to: range === 'lastMonth' ? at(year, month, 1) : to, today, timeZone };
}
