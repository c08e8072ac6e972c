/** What the fit knows of a column: a priority and the room it takes. */
export interface FitSpec {
  id: string;
  /** 1: always shown; higher numbers give way first. */
  priority: number;
  width: number;
}

/** A column without a declared width is assumed this wide. */
export const DEFAULT_FIT_WIDTH = 120;
/** A column without a priority comes after the ranked ones. */
export const DEFAULT_PRIORITY = 5;

/**
 * The columns that fit `room` px: the always-shown ones first, then the others by priority (ties in their order)
 * while they fit. The first that does not fit stops the rest, so a column never shows while a more important one is
 * hidden. The estimates are corrected by what the drawn table measured: a negative `adjust` takes that many of the
 * optional ones away, the least important first (it was wider than estimated); a positive one shows that many more,
 * the most important first (it had room to spare).
 */
export function fitColumns(specs: readonly FitSpec[], room: number, adjust = 0): Set<string> {
  const always = specs.filter((spec) => spec.priority <= 1);
  const ranked = specs
    .map((spec, index) => ({ spec, index }))
    .filter(({ spec }) => spec.priority > 1)
    .sort((a, b) => a.spec.priority - b.spec.priority || a.index - b.index)
    .map(({ spec }) => spec);
  let used = always.reduce((sum, spec) => sum + spec.width, 0);
  const fitting: FitSpec[] = [];
  for (const spec of ranked) {
    if (used + spec.width > room) break;
    used += spec.width;
    fitting.push(spec);
  }
  const kept = adjust < 0 ? fitting.slice(0, Math.max(0, fitting.length + adjust)) : ranked.slice(0, fitting.length + adjust);
  return new Set([...always, ...kept].map((spec) => spec.id));
}
