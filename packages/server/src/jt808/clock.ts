import { instantOf } from '@safety-shield/contract';

/**
 * A terminal's BCD time (YYMMDDhhmmss) as an instant: the standard's times are Beijing time (GMT+8); a terminal set to
 * another zone has it in its record. Undefined for a time that is not a date (a terminal without a GNSS fix sends zeros).
 */
export function instantOfBcd(time: string, timeZone: string): number | undefined {
  const [yy, month, day, hour, minute, second] = [0, 2, 4, 6, 8, 10].map((at) => Number(time.slice(at, at + 2)));
  if ([yy, month, day, hour, minute, second].some((n) => n === undefined || Number.isNaN(n))) return undefined;
  if (!month || month > 12 || !day || day > 31 || (hour as number) > 23 || (minute as number) > 59 || (second as number) > 59)
    return undefined;
  const year = 2000 + (yy as number);
  const at = instantOf(timeZone, { year, month, day, hour, minute, second });
  // 31 February and the like overflow into the next month: not a date the terminal meant.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day ? at : undefined;
}

/** The terminal's clock as text, as the incident page shows a device's own clock: 2026-12-07 10:15:00. */
export const localTimeText = (time: string) =>
  `20${time.slice(0, 2)}-${time.slice(2, 4)}-${time.slice(4, 6)} ${time.slice(6, 8)}:${time.slice(8, 10)}:${time.slice(10, 12)}`;

/** Signal strength 0–31 (as AT+CSQ) in dBm; 99 and other values unknown. */
export const dbmOfSignal = (signal: number | null) => (signal !== null && signal <= 31 ? -113 + 2 * signal : null);

/** A BCD date (YYYYMMDD, a driver card's expiry) as YYYY-MM-DD; null for one that is not a date (zeros: none given). */
export function dateOfBcd(date: string | null): string | null {
  const [, year, month, day] = date?.match(/^(\d{4})(\d{2})(\d{2})$/) ?? [];
  if (!year || !month || !day || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  return `${year}-${month}-${day}`;
}
