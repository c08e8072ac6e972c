import { offsetText, wallClock, zoneOffset } from '@safety-shield/contract';
import { displayTimeZone } from '../time/zone.js';

/** SPEC section 9 (year-month-day reading), the same as the sidebar's release time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * An instant as the wall clock of `timeZone` shows it (default: the console's zone, issue 16), in a pattern of the
 * tokens YYYY MM DD HH mm ss (what the console's formats use); other characters are kept.
 */
export function formatInZone(ms: number, pattern = DATE_TIME_FORMAT, timeZone = displayTimeZone()): string {
  const w = wallClock(timeZone, ms);
  const tokens: Record<string, string> = {
    YYYY: pad(w.year, 4),
    MM: pad(w.month),
    DD: pad(w.day),
    HH: pad(w.hour),
    mm: pad(w.minute),
    ss: pad(w.second),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/** An epoch-ms time for a table cell, in the console's zone; nothing known shows a dash. */
export const formatTime = (ms: number | null | undefined) => (ms == null ? '—' : formatInZone(ms));

/** A zone as the console names it: "Europe/Oslo (UTC+01:00)", the offset in force at `at`. */
export const zoneName = (timeZone = displayTimeZone(), at = Date.now()) => `${timeZone} (${offsetText(zoneOffset(timeZone, at))})`;

/** Bytes in words: 1.2 KB, 3.4 MB. */
export const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
