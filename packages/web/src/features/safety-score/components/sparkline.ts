export interface SparkPoint {
  x: number;
  y: number;
}

/**
 * The runs of a sparkline over `width` × `height` (y down, 0 at the top, `max` the top value): one run per stretch of
 * known values, a gap where a value is null. A run of one point is a dot.
 */
export function sparkRuns(values: readonly (number | null)[], width: number, height: number, max = 100): SparkPoint[][] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const runs: SparkPoint[][] = [];
  let run: SparkPoint[] | undefined;
  values.forEach((value, index) => {
    if (value === null) {
      run = undefined;
      return;
    }
    const point = { x: values.length > 1 ? index * step : width / 2, y: height - (Math.min(Math.max(value, 0), max) / max) * height };
    if (!run) {
      run = [];
      runs.push(run);
    }
    run.push(point);
  });
  return runs;
}
