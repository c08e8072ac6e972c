/**
 * Numbers as a reader of a language writes them (issue 29): digits, decimal mark and grouping from `Intl.NumberFormat`,
 * and the unit's own symbol in that language (км/ч, km/t, ko). The console (`shared/ui/format.ts`, with its current
 * language) and the server (`texts/format.ts`: exports, PDFs, e-mails) both format through these, so a figure reads
 * the same on the page and in the file.
 */

/** The units the product shows, by their `Intl` (CLDR) names. */
export type MeasureUnit =
  | 'kilometer-per-hour'
  | 'kilometer'
  | 'meter'
  | 'percent'
  | 'degree'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second'
  | 'millisecond'
  | 'byte'
  | 'kilobyte'
  | 'megabyte'
  | 'gigabyte'
  | 'terabyte'
  | 'petabyte';

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per language and options: building one costs far more than using it. */
function formatter(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(language, options);
    formatters.set(key, made);
  }
  return made;
}

/** A number with at most `digits` decimals: 12 345,6 (ru), 12.345,6 (de), 12,345.6 (en). */
export const formatNumber = (language: string, value: number, digits = 1): string =>
  formatter(language, { maximumFractionDigits: digits }).format(value);

/** How a unit is written: bytes as the word (12 байт, not English's "12 byte"), degrees as ° (not English's "deg"). */
const display = (unit: MeasureUnit) => (unit === 'byte' ? 'long' : unit === 'degree' ? 'narrow' : 'short');

/** A measure with its unit, as the language writes it: 52,5 км/ч, 1,5 kB, 42,5 %, 12 байт, 270°. */
export const formatMeasure = (language: string, value: number, unit: MeasureUnit, digits = 1): string =>
  formatter(language, { style: 'unit', unit, unitDisplay: display(unit), maximumFractionDigits: digits }).format(value);

/** The unit's symbol alone, for a field's suffix or a chart's axis: км/ч, km/t, Mo. */
export const unitSymbol = (language: string, unit: MeasureUnit): string =>
  formatter(language, { style: 'unit', unit, unitDisplay: display(unit) })
    .formatToParts(5)
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('')
    .trim();

/**
 * A range in the language's numbers and words: '1–60 seconds', '10–100 000 метров', '1–500' without a unit. Speeds keep
 * their symbol ('1–300 km/h'), as the product writes them everywhere; English is British ('metres'), as the console's.
 */
export function formatRange(language: string, min: number, max: number, unit?: 'second' | 'meter' | 'kilometer-per-hour'): string {
  const options: Intl.NumberFormatOptions = unit
    ? { style: 'unit', unit, unitDisplay: unit === 'kilometer-per-hour' ? 'short' : 'long' }
    : { maximumFractionDigits: 2 };
  return formatter(language === 'en' ? 'en-GB' : language, options).formatRange(min, max);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** A size in binary steps (1 KB = 1024 bytes), one decimal from kilobytes on: 1,5 КБ, 3.2 MB, 12 bytes. */
export function formatBytes(language: string, bytes: number): string {
  let value = Math.max(0, bytes);
  let step = 0;
  while (value >= 1024 && step < BYTE_UNITS.length - 1) {
    value /= 1024;
    step += 1;
  }
  return formatMeasure(language, value, BYTE_UNITS[step] ?? 'byte', step === 0 ? 0 : 1);
}
