import {
  formatBytes,
  formatMeasure,
  formatNumber,
  formatRange,
  installerLinkOf,
  type MeasureUnit,
  type NumberBounds,
  offsetText,
  unitSymbol,
  wallClock,
  zoneOffset,
} from '@safety-shield/contract';
import i18n from 'i18next';
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

/**
 * Numbers in the console's current language (issue 29): every figure, distance, speed, size and share on a page goes
 * through these, so a Russian reader sees 52,5 км/ч where an English one sees 52.5 km/h. A component that shows them
 * renders again on a language change through its `useTranslation`. Nothing known shows a dash.
 */
const reader = () => i18n.language || 'en';

export type { MeasureUnit };

/** A number with at most `digits` decimals: 12 345,6 or 12,345.6. */
export const numberText = (value: number | null | undefined, digits = 1) => (value == null ? '—' : formatNumber(reader(), value, digits));

/** A measure with its unit's symbol in the reader's language: 52,5 км/ч, 200 m, 42,5 %. */
export const measureText = (value: number | null | undefined, unit: MeasureUnit, digits = 1) =>
  value == null ? '—' : formatMeasure(reader(), value, unit, digits);

/** A speed in km/h. */
export const speedText = (kmh: number | null | undefined, digits = 1) => measureText(kmh, 'kilometer-per-hour', digits);

/** A distance in km. */
export const distanceText = (km: number | null | undefined, digits = 1) => measureText(km, 'kilometer', digits);

/** A share out of 100 (not out of 1): 42,5 %. */
export const percentText = (value: number | null | undefined, digits = 1) => measureText(value, 'percent', digits);

/** A field's range in the reader's numbers and words: 1–60 seconds, 10–100 000 метров, 1–500. */
export const rangeText = ({ min, max }: NumberBounds, unit?: 'second' | 'meter' | 'kilometer-per-hour') =>
  formatRange(reader(), min, max, unit);

/** A unit's symbol alone, for a field's suffix or a chart's axis: км/ч. */
export const unitText = (unit: MeasureUnit) => unitSymbol(reader(), unit);

/** Bytes in the reader's words, in binary steps: 1,5 КБ, 3.4 MB, 12 bytes. */
export const sizeText = (bytes: number | null | undefined) => (bytes == null ? '—' : formatBytes(reader(), bytes));

/** The reader's decimal mark, for a number field that takes decimals (antd's InputNumber writes a point otherwise). */
export const decimalMark = () => formatNumber(reader(), 1.5).match(/\D/)?.[0] ?? '.';

/**
 * antd's Statistic as its `formatter`: it writes 1,234.5 in every language otherwise (and reads a figure given as text
 * again as a number). `digits` as its `precision` would: the decimals shown.
 */
export const statisticText =
  (digits = 1) =>
  (value: number | string | undefined) =>
    typeof value === 'number' ? numberText(value, digits) : (value ?? '—');

/**
 * Who did something, as a record or a log names them: an installer's link (stored as `installer (link #7)`, having no
 * account) in the reader's words, any other name as it is.
 */
export function actorText(name: string | null | undefined): string {
  const link = installerLinkOf(name);
  return link === null ? (name ?? '—') : i18n.t('actor.installer', { link });
}
