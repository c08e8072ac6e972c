import type { OnlineSummaryRecord } from '@safety-shield/contract';
import { hoursOf } from './online-time.js';

/** One device's bars: its hours on each day of the span (0 on a day it was not online). */
export interface DeviceSeries {
  deviceUuid: string;
  licensePlate: string | null;
  seconds: number[];
  hours: number[];
}

export interface ChartData {
  /** The devices that were online at all in the span; the others would only crowd the legend. */
  series: DeviceSeries[];
  /** The shown devices' seconds together, per day. */
  daySeconds: number[];
  totalSeconds: number;
  /** The day with the most time online, or undefined when there was none. */
  busiest?: { day: string; seconds: number };
}

/** The page's devices as one stacked bar per day: each device's share, and the day's whole. */
export function chartData(records: readonly OnlineSummaryRecord[], days: readonly string[]): ChartData {
  const index = new Map(days.map((day, at) => [day, at]));
  const series: DeviceSeries[] = [];
  const daySeconds = days.map(() => 0);
  for (const record of records) {
    if (record.totalSeconds <= 0) continue;
    const seconds = days.map(() => 0);
    for (const { day, seconds: online } of record.days) {
      const at = index.get(day);
      if (at === undefined) continue;
      seconds[at] = online;
      daySeconds[at] = (daySeconds[at] ?? 0) + online;
    }
    series.push({ deviceUuid: record.deviceUuid, licensePlate: record.licensePlate, seconds, hours: seconds.map(hoursOf) });
  }
  const totalSeconds = daySeconds.reduce((sum, seconds) => sum + seconds, 0);
  let busiest: ChartData['busiest'];
  daySeconds.forEach((seconds, at) => {
    const day = days[at];
    if (day !== undefined && seconds > 0 && seconds > (busiest?.seconds ?? 0)) busiest = { day, seconds };
  });
  return { series, daySeconds, totalSeconds, busiest };
}

/** Colours far apart for up to a page of devices: hues a golden angle apart, mid lightness for light and dark themes. */
export const seriesColour = (index: number) => `hsl(${Math.round((index * 137.508 + 210) % 360)}, 62%, 52%)`;
