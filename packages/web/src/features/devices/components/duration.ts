export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';
export interface DurationPart {
  unit: DurationUnit;
  count: number;
}

const UNITS: readonly [DurationUnit, number][] = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/**
 * A number of seconds as its two largest non-zero units ("3 d 4 h"): precise enough to compare devices at a glance,
 * short enough for a table cell. Zero or less is "0 s".
 */
export function durationParts(totalSeconds: number): DurationPart[] {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: DurationPart[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push({ unit, count });
  }
  const shown = parts.slice(0, 2).filter((part) => part.count > 0);
  return shown.length > 0 ? shown : [{ unit: 'seconds', count: 0 }];
}
