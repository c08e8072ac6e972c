import type { NumberBounds } from '@safety-shield/contract';

/** Units Intl names in every language (`Intl.NumberFormat` style `unit`). */
export type IntlUnit = 'second' | 'meter' | 'kilometer-per-hour';

/** The console's English is British ("metres"); the other languages are Intl's own. */
const intlLocale = (language: string) => (language === 'en' ? 'en-GB' : language);

/**
 * A range in the reader's numbers and words: '1–60 seconds', '10–100 000 метров', '1–500' without a unit. Speeds keep
 * their symbol ('1–300 km/h'), as the console writes them everywhere.
 */
export function rangeText(language: string, { min, max }: NumberBounds, unit?: IntlUnit): string {
  const options: Intl.NumberFormatOptions = unit
    ? { style: 'unit', unit, unitDisplay: unit === 'kilometer-per-hour' ? 'short' : 'long' }
    : { maximumFractionDigits: 2 };
  return new Intl.NumberFormat(intlLocale(language), options).formatRange(min, max);
}

/** A unit's symbol in the reader's language, to stand beside a number field: 's', 'с', 'm', 'км/ч', 'km/t'. */
export function unitSymbol(language: string, unit: IntlUnit): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'narrow' })
    .formatToParts(1)
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('');
}

/** A number in the reader's format: '100,000', '100 000', '1,5'. */
export const numberText = (language: string, value: number) =>
  new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);
