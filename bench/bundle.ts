import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { printTable, saveResult } from './lib.js';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve('packages/web/dist');

/**
 * What the login page loads: the entry with its static imports, the login route's chunk with its static imports,
 * and the English texts and locales the entry loads before the first render.
 */
export async function benchBundle() {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const wanted = new Set<string>();
  const visit = (key: string) => {
    if (wanted.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    wanted.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('manifest has no entry');
  visit(entry);
  const bySource = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
    if (!key) throw new Error(`manifest has no chunk for ${suffix}`);
    return key;
  };
  for (const lazy of ['features/auth/LoginPage.tsx', 'locales/en.json', 'contract/src/messages/en.ts', 'locale/en_US.js'])
    visit(bySource(lazy));

  let js = 0;
  let css = 0;
  const files = new Set<string>();
  for (const key of wanted) {
    const chunk = manifest[key] as Chunk;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
  }
  for (const file of files) {
    const size = gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  const result = { jsGzipKB: Number((js / 1024).toFixed(1)), cssGzipKB: Number((css / 1024).toFixed(1)), files: files.size, targetKB: 300 };
  printTable('What the login page loads, gzipped', [
    { 'JavaScript KB': result.jsGzipKB, 'CSS KB': result.cssGzipKB, files: result.files, 'target KB (JS)': 300 },
  ]);
  await saveResult('bundle', result);
  return result;
}
