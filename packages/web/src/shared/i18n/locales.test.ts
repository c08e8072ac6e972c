import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languages } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const featuresDir = path.join(srcDir, 'features');
/** Features (and parts of features) that keep their own texts next to their pages. */
const featureTextDirs = readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
  .filter((entry) => path.basename(entry) === 'i18n')
  .map((entry) => path.join(featuresDir, entry));
const readFile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
/** A language's whole console: the shared texts plus every feature's (each under its own top-level key). */
function read(language: string): Record<string, unknown> {
  const merged = readFile(path.join(dir, `${language}.json`));
  for (const folder of featureTextDirs) {
    for (const [key, value] of Object.entries(readFile(path.join(folder, `${language}.json`)))) {
      if (key in merged) throw new Error(`${folder}/${language}.json redefines the top-level key '${key}'`);
      merged[key] = value;
    }
  }
  return merged;
}

/** Every text's key path with its value: 'login.submit' → 'Log in'. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(name, child);
    else for (const [k, v] of flatten(child, name)) out.set(k, v);
  }
  return out;
}

describe('console texts', () => {
  const english = flatten(read('en'));

  it('exist for exactly the seven languages', () => {
    for (const folder of [dir, ...featureTextDirs]) expect(readdirSync(folder).sort()).toEqual(languages.map((l) => `${l}.json`).sort());
  });

  it.each(languages.filter((l) => l !== 'en'))('%s has every text, with the same placeholders', (language) => {
    const texts = flatten(read(language));
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(texts.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
    }
  });
});

/** The console's code (not its tests), by where it lives: 'app', 'shared' or 'features/<name>'. */
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((entry) => /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry))
  .map((entry) => {
    const [top = '', feature = ''] = entry.split(path.sep);
    return { owner: top === 'features' ? `features/${feature}` : top, text: readFileSync(path.join(srcDir, entry), 'utf8') };
  });

/** Where the code names a text of a top-level section ('login.submit', `roles.${role}`). */
function usersOf(section: string): Set<string> {
  const pattern = new RegExp(`['"\`]${section}\\.`);
  return new Set(sources.filter((source) => pattern.test(source.text)).map((source) => source.owner));
}

describe('the shared texts', () => {
  it.each(Object.keys(readFile(path.join(dir, 'en.json'))))('%s is used by app/, shared/ or several features', (section) => {
    const users = [...usersOf(section)];
    const shared = users.some((user) => !user.startsWith('features/')) || users.length > 1;
    expect(shared, `'${section}' is used only by ${users.join(', ') || 'nobody'}: move it to that feature's i18n/`).toBe(true);
  });
});
