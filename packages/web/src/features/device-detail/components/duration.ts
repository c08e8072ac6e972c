const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;
export type DurationUnit = (typeof UNITS)[number][0];

/** Seconds as their two largest units from the first non-zero one ("3 d 4 h"); zero or less is "0 s". */
export function durationParts(totalSeconds: number): { unit: DurationUnit; count: number }[] {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: { unit: DurationUnit; count: number }[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push({ unit, count });
  }
  const shown = parts.slice(0, 2).filter((part) => part.count > 0);
  return shown.length > 0 ? shown : [{ unit: 'seconds', count: 0 }];
}
