import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE section 6: a feature is entered only through its `index.ts` (the router may load a page module); features form no cycles; `shared/` is
 * the bottom layer and imports no feature or app code. Import loops between single files are Biome's `noImportCycles`.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.[^'"]+)['"]/gm;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The place of a file in the console: `features/<name>`, `shared`, `app` or the entry. */
const areaOf = (file: string) => {
  const [top, feature] = path.relative(SRC, file).split(path.sep);
  return top === 'features' ? `features/${feature}` : (top ?? '');
};

interface Edge {
  from: string;
  to: string;
  fromArea: string;
  toArea: string;
}

const edges: Edge[] = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => {
    const to = path.resolve(path.dirname(file), (match[1] ?? '').replace(/\.js$/, ''));
    return { from: path.relative(SRC, file), to: path.relative(SRC, to), fromArea: areaOf(file), toArea: areaOf(`${to}.ts`) };
  }),
);

/** A feature's door: its index, or for the app's router a page module (each page is its own lazy chunk). */
const isDoor = (edge: Edge) => edge.to === `${edge.toArea}/index` || (edge.fromArea === 'app' && /Page$/.test(edge.to));

describe('feature boundaries', () => {
  it('enter another feature only through its index', () => {
    const through = edges.filter((edge) => edge.toArea.startsWith('features/') && edge.toArea !== edge.fromArea);
    expect(through.filter((edge) => !isDoor(edge)).map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('keep shared code free of features and app code', () => {
    const upward = edges.filter((edge) => edge.fromArea === 'shared' && edge.toArea !== 'shared');
    expect(upward.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('form no cycle between features', () => {
    const uses = new Map<string, Set<string>>();
    for (const edge of edges) {
      if (!edge.fromArea.startsWith('features/') || !edge.toArea.startsWith('features/') || edge.fromArea === edge.toArea) continue;
      uses.set(edge.fromArea, (uses.get(edge.fromArea) ?? new Set()).add(edge.toArea));
    }
    const cycles: string[] = [];
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      [...(uses.get(from) ?? [])].some((next) => next === target || (!seen.has(next) && seen.add(next) && reaches(next, target, seen)));
    for (const [feature, used] of uses) for (const other of used) if (reaches(other, feature)) cycles.push(`${feature} ↔ ${other}`);
    expect(cycles).toEqual([]);
  });
});
