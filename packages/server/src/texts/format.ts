import { formatBytes, formatMeasure, formatNumber, type Language, type MeasureUnit, unitSymbol } from '@safety-shield/contract';

/**
 * The server's numbers in the reader's language (issue 29): what it writes for people (exports' headers and words,
 * PDFs, e-mails) formats every figure, speed, distance, size and share here, as the console does (both through the
 * contract's number-format). A spreadsheet's cells stay numbers: the spreadsheet writes them in its reader's format.
 */
export function readerFormat(language: Language) {
  return {
    language,
    /** A number with at most `digits` decimals: 12 345,6. */
    number: (value: number | null, digits = 1) => (value === null ? '—' : formatNumber(language, value, digits)),
    /** A measure with its unit: 52,5 км/ч. */
    measure: (value: number | null, unit: MeasureUnit, digits = 1) => (value === null ? '—' : formatMeasure(language, value, unit, digits)),
    /** A unit's symbol alone: км/ч. */
    unit: (unit: MeasureUnit) => unitSymbol(language, unit),
    /** Bytes in binary steps: 1,5 КБ. */
    size: (bytes: number) => formatBytes(language, bytes),
  };
}
export type ReaderFormat = ReturnType<typeof readerFormat>;

/** A column's name with its unit in brackets: "Скорость (км/ч)", "Время (UTC)". */
export const withUnit = (name: string, unit: string) => `${name} (${unit})`;
