import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md, "Layers" and "Modules": a folder of the server imports only from layers below it, the domain
 * modules form no cycle among themselves, code outside a module enters it only through its `index.ts`, a module's
 * `routes.ts` holds no SQL, and a device adapter reaches the modules only through the device port. (Single files
 * importing each other round about are Biome's `noImportCycles`.) Tests are not scanned: they may import a module's
 * inner files, which they test.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.[^'"]+)['"]/gm;

const layers: Record<string, number> = {
  'config.ts': 0,
  'release.ts': 0,
  'ttl-cache.ts': 0,
  'log-stream.ts': 0,
  texts: 0,
  db: 1,
  http: 2,
  'view-cache.ts': 2,
  storage: 3,
  mail: 3,
  media: 3,
  bus: 3,
  places: 3,
  pdf: 3,
  'device-port': 4,
  modules: 5,
  gateway: 6,
  jt808: 6,
  'web.ts': 7,
  'app.ts': 7,
  'device-intake.ts': 7,
  'main.ts': 7,
  'ports.ts': 7,
  demo: 7,
};

/** The device protocols' adapters (docs/architecture.md, "The device port"): MQTT and JT/T 808. */
const adapters = ['gateway', 'jt808'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** `modules/<name>` for a module, else the top-level folder or file. */
const areaOf = (file: string) => {
  const [top, module] = path.relative(SRC, file).split(path.sep);
  return top === 'modules' ? `modules/${module}` : (top ?? '');
};
const layerOf = (area: string) => layers[area.split('/')[0] ?? ''];

const MODULES = path.join(SRC, 'modules');
const moduleNames = readdirSync(MODULES).filter((name) => statSync(path.join(MODULES, name)).isDirectory());

const edges = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => {
    const target = path.resolve(path.dirname(file), (match[1] ?? '').replace(/\.js$/, '.ts'));
    return { from: path.relative(SRC, file), to: path.relative(SRC, target), fromArea: areaOf(file), toArea: areaOf(target) };
  }),
);

describe('server layers', () => {
  it('place every folder in a layer', () => {
    const areas = new Set(edges.flatMap((edge) => [edge.fromArea, edge.toArea]));
    expect([...areas].filter((area) => layerOf(area) === undefined)).toEqual([]);
  });

  it('import only downwards', () => {
    const upward = edges.filter((edge) => (layerOf(edge.toArea) ?? 0) > (layerOf(edge.fromArea) ?? 0));
    expect(upward.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('let a device adapter reach the modules only through the device port', () => {
    const intoModules = edges.filter((edge) => adapters.includes(edge.fromArea) && edge.toArea.startsWith('modules/'));
    expect(intoModules.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('keep the device adapters apart: what they share is the device port’s', () => {
    const across = edges.filter(
      (edge) => adapters.includes(edge.fromArea) && adapters.includes(edge.toArea) && edge.toArea !== edge.fromArea,
    );
    expect(across.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('give every module an index.ts, its only door', () => {
    expect(moduleNames.filter((name) => !statSync(path.join(MODULES, name, 'index.ts'), { throwIfNoEntry: false }))).toEqual([]);
  });

  it('enter another module only through its index.ts', () => {
    const inner = edges.filter(
      (edge) => edge.toArea.startsWith('modules/') && edge.toArea !== edge.fromArea && edge.to !== path.join(edge.toArea, 'index.ts'),
    );
    expect(inner.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('keep SQL out of the route handlers: no routes.ts imports the database schema or Drizzle', () => {
    const routeFiles = sourceFiles(MODULES).filter((file) => /(^|-)routes\.ts$/.test(path.basename(file)));
    const sql = routeFiles.filter((file) =>
      /from\s*['"](drizzle-orm[^'"]*|(\.\.\/)+db\/schema[^'"]*)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(sql.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('keep the domain modules free of cycles', () => {
    const uses = new Map<string, Set<string>>();
    for (const { fromArea, toArea } of edges) {
      if (fromArea === toArea || !fromArea.startsWith('modules/') || !toArea.startsWith('modules/')) continue;
      uses.set(fromArea, (uses.get(fromArea) ?? new Set()).add(toArea));
    }
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      [...(uses.get(from) ?? [])].some((next) => next === target || (!seen.has(next) && seen.add(next) && reaches(next, target, seen)));
    const cycles = [...uses].flatMap(([module, used]) =>
      [...used].filter((other) => reaches(other, module)).map((other) => `${module} ↔ ${other}`),
    );
    expect(cycles).toEqual([]);
  });
});
