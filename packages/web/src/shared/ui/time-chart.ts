import { DATE_TIME_FORMAT, formatInZone } from './format.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time axis's labels as fine as its span needs: seconds within an hour, dates beyond a day (minutes alone repeat over a short span, hours alone over days). */
const timeAxisFormat = (spanMs: number) => (spanMs > DAY_MS ? 'MM-DD HH:mm' : spanMs > HOUR_MS ? 'HH:mm' : 'HH:mm:ss');

/** The points of a chart over time (ECharts), oldest first. */
type Timed = readonly { time: number }[];

/**
 * The time axis of a chart of `points`, its labels as fine as their span needs and read in the console's zone (issue
 * 16; ECharts itself knows only the browser's); `fitted` ends it at the first and last point.
 */
export function timeAxis(points: Timed, { fitted = false } = {}) {
  const first = points[0]?.time ?? 0;
  const last = points.at(-1)?.time ?? 0;
  const pattern = timeAxisFormat(last - first);
  return {
    type: 'time' as const,
    ...(fitted ? { min: first, max: last } : {}),
    axisLabel: { formatter: (value: number) => formatInZone(value, pattern), hideOverlap: true },
  };
}

/** The tooltip of a chart over time: the time under the pointer, and the value there as `text` writes it. */
export const timeTooltip = (text: (value: number) => string) => ({
  trigger: 'axis' as const,
  formatter: (params: unknown) => {
    const [entry] = Array.isArray(params) ? params : [params];
    const point = (entry as { value?: [number, number] } | undefined)?.value;
    return point ? `${formatInZone(point[0], DATE_TIME_FORMAT)}<br/>${text(point[1])}` : '';
  },
});
