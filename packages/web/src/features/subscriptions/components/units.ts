const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The usage month from the URL if well formed, else the current UTC month (usage is counted per UTC month). */
export function usageMonth(value: string | undefined, now = new Date()): string {
  return value && MONTH.test(value) ? value : now.toISOString().slice(0, 7);
}

/** A period's end must come after its start, counted in whole days. */
export const periodProblem = (startDay: string, endDay: string): 'endBeforeStart' | null => (endDay > startDay ? null : 'endBeforeStart');
