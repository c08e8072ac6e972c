/** Grid steps in degrees, from the whole world down to a street (about 50 m of latitude). */
const STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005] as const;

/** About this many grid lines across the shorter side of the view: enough to see movement, few enough to stay quiet. */
const WANTED_LINES = 5;

/** The grid step for a view `spanDegrees` wide: the largest step that still draws about five lines. */
export function graticuleStep(spanDegrees: number): number {
  const finest = STEPS[STEPS.length - 1] as number;
  if (!(spanDegrees > 0)) return STEPS[0];
  return STEPS.find((step) => spanDegrees / step >= WANTED_LINES) ?? finest;
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The meridians and parallels (in degrees) a box needs at a step, each a multiple of the step. */
export function graticuleLines(box: Box, step: number): { latitudes: number[]; longitudes: number[] } {
  const range = (from: number, to: number, min: number, max: number) => {
    const values: number[] = [];
    const first = Math.ceil(Math.max(from, min) / step);
    const last = Math.floor(Math.min(to, max) / step);
    // A guard against a huge box (a world copy far to the side): never more than a few hundred lines.
    for (let i = first; i <= last && values.length < 400; i++) values.push(Number((i * step).toFixed(6)));
    return values;
  };
  return { latitudes: range(box.south, box.north, -85, 85), longitudes: range(box.west, box.east, -540, 540) };
}
