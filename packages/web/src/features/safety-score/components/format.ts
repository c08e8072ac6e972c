import { useTranslation } from 'react-i18next';

/** Numbers in the reader's language (12 345,6 or 12,345.6), with at most `digits` decimals; nothing known is a dash. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const { language } = i18n;
  return (value: number | null | undefined, digits = 1) =>
    value == null ? '—' : new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}
