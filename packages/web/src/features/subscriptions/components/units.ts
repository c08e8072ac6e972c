const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes for people: 1536 → '1.5 KB' (binary steps, at most one decimal, in the given language's digits). */
export function formatBytes(bytes: number, language = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${digits} ${BYTE_UNITS[unit]}`;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The usage month from the URL if well formed, else the current UTC month (usage is counted per UTC month). */
export function usageMonth(value: string | undefined, now = new Date()): string {
  return value && MONTH.test(value) ? value : now.toISOString().slice(0, 7);
}

/** A period's end must come after its start, counted in whole days. */
export const periodProblem = (startDay: string, endDay: string): 'endBeforeStart' | null => (endDay > startDay ? null : 'endBeforeStart');
