import { instantOf, type StatisticsSpan } from '@safety-shield/contract';

const dayOf = (text: string) => {
  const [year = 1970, month = 1, day = 1] = text.split('-').map(Number);
  return { year, month, day };
};

/**
 * A span of days (YYYY-MM-DD, both ends included) as instants in a zone: from the first day's 00:00 to the last
 * millisecond of the last day. Companies may count days in other zones: the console's zone stands for them all.
 */
export function spanTimes(span: Pick<StatisticsSpan, 'fromDay' | 'toDay'>, zone: string): { startTime: number; endTime: number } {
  const last = dayOf(span.toDay);
  return { startTime: instantOf(zone, dayOf(span.fromDay)), endTime: instantOf(zone, { ...last, day: last.day + 1 }) - 1 };
}
