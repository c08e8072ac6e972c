import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { mainRoutes, publicRoutes, tablePages } from '@safety-shield/contract';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: the console links to its pages through `pathTo` (contract, page-paths.ts), never by spelling a path of the
 * route table, so that a renamed page or a new path parameter breaks the build instead of a link. This test reads every
 * string and template literal of the console's source (comments aside) and names those that look like such a path.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** The menu and search tests' route table and the pages they expect: their paths are declarations, not links. */
const ROUTE_TABLES = new Set(['app/test-routes.ts', 'app/test-pages.ts']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * The fixed part of every page's path, up to its first parameter ('/event/:eventId' → '/event'), and every section's.
 * The bare root '/' is the console's home, not a page of the table, and stays out.
 */
const pagePrefixes = [...tablePages(publicRoutes), ...tablePages(mainRoutes), ...mainRoutes]
  .map((route) => route.path.replace(/\/:.*$/, '').replace(/\/$/, ''))
  .filter((prefix) => prefix !== '');

/** A literal's text looks like a page path: it starts with one of the table's prefixes, then ends, or goes on with '/', '?' or '#'. */
export function looksLikePagePath(text: string): boolean {
  return pagePrefixes.some((prefix) => text.startsWith(prefix) && /^(?:$|[/?#])/.test(text.slice(prefix.length)));
}

interface Literal {
  text: string;
  start: number;
}

/** The texts of the string literals and of each piece of the template literals in a syntax tree. */
function literalsIn(node: unknown, found: Literal[] = []): Literal[] {
  if (Array.isArray(node)) {
    for (const child of node) literalsIn(child, found);
  } else if (node !== null && typeof node === 'object') {
    const record = node as { type?: unknown; value?: unknown; start?: number };
    if (record.type === 'Literal' && typeof record.value === 'string') found.push({ text: record.value, start: record.start ?? 0 });
    else if (record.type === 'TemplateElement') {
      const { cooked, raw } = record.value as { cooked?: string | null; raw: string };
      found.push({ text: cooked ?? raw, start: record.start ?? 0 });
    } else for (const value of Object.values(record)) literalsIn(value, found);
  }
  return found;
}

/** `file:line: text` of every literal of a source file that spells a page path. */
function spelledPaths(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const relative = path.relative(SRC, file).split(path.sep).join('/');
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${relative} does not parse: ${errors[0]?.message}`);
  return literalsIn(program)
    .filter((literal) => looksLikePagePath(literal.text))
    .map((literal) => `${relative}:${source.slice(0, literal.start).split('\n').length}: ${literal.text}`);
}

describe('page links', () => {
  it('tells a page path from other slashes', () => {
    expect(
      ['/event/', '/event/list', '/vehicle/list/', '/device/detailPage?deviceId=', '/login', '/1ncident?token='].filter(looksLikePagePath),
    ).toHaveLength(6);
    expect(['/', '/v1/event/list', '/eventually', '/redirect', '/100 km', 'event/list'].filter(looksLikePagePath)).toEqual([]);
  });

  it('are written with pathTo, never as a path of the route table', () => {
    const files = sourceFiles(SRC).filter((file) => !ROUTE_TABLES.has(path.relative(SRC, file).split(path.sep).join('/')));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(spelledPaths)).toEqual([]);
  });
});
