import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, languages, mainRoutes, publicRoutes, type RouteEntry } from '@safety-shield/contract';
import { messages } from '@safety-shield/contract/messages';
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

/** The plural forms a language's counts take, as i18next picks them. */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

describe('console texts', () => {
  const english = flatten(read('en'));

  it('exist for exactly the seven languages', () => {
    for (const folder of [dir, ...featureTextDirs]) expect(readdirSync(folder).sort()).toEqual(languages.map((l) => `${l}.json`).sort());
  });

  it.each(languages.filter((l) => l !== 'en'))('%s has every text, with the same placeholders', (language) => {
    const texts = flatten(read(language));
    // Counts take the language's own plural forms (i18next reads `key_<form>`): Russian says few and many too.
    const extraForms = pluralForms(language).filter((form) => !pluralForms('en').includes(form));
    const isExtra = (key: string) => extraForms.some((form) => key.endsWith(`_${form}`));
    expect([...texts.keys()].filter((key) => !isExtra(key)).sort()).toEqual([...english.keys()].sort());
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [key, text] of english) {
      expect(placeholders(texts.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      if (!key.endsWith('_other')) continue;
      for (const form of extraForms) {
        const plural = texts.get(key.replace(/_other$/, `_${form}`));
        expect(plural, `${language} ${key} needs its ${form} form`).toBeDefined();
        expect(placeholders(plural ?? ''), `${language} ${key} ${form}`).toEqual(placeholders(text));
      }
    }
  });
});

/**
 * Texts that read the same in every language: the product's name and slogan, brand names, codes and a sample address.
 * Placeholders, numbers and punctuation need no entry: a text made only of them (`v{{version}}`) is language-free.
 */
const sameEverywhere = new Set([
  'Safety Shield',
  'BE SAFE BE SHIELD',
  'Google Authenticator',
  'ICCID',
  'UUID',
  'SHA-256',
  'MQTT',
  'JT/T 808',
  'OK',
  'name@example.com',
]);
/**
 * Placeholders, numbers, punctuation, UTC and the v of a version: what a text may share with English without translating.
 * A slash between letters stays: km/h is a unit of its own.
 */
const languageFree = /\{\{\w+\}\}|\b(?:UTC|v)\b|[\d\s.,:;()–-]|(?<!\p{L})\/|\/(?!\p{L})/gu;
/**
 * The unit symbols a language writes as English does (issue 29: units come from the translations). Russian writes
 * none of them (км/ч, км, мс); Norwegian says km/t; French ko and Mo.
 */
const sameUnits: Record<Exclude<Language, 'en'>, readonly string[]> = {
  de: ['km/h', 'km', 'm', 'ms', 'min', 'h', 's', 'd', 'fps', 'dBm', 'kB', 'KB', 'MB', 'GB', 'B', 'kbit/s'],
  es: ['km/h', 'km', 'm', 'ms', 'min', 'h', 's', 'd', 'fps', 'dBm', 'kB', 'KB', 'MB', 'GB', 'B', 'kbit/s'],
  fr: ['km/h', 'km', 'm', 'ms', 'min', 'h', 's', 'dBm', 'kbit/s'],
  nb: ['km', 'm', 'ms', 'min', 'h', 's', 'd', 'fps', 'dBm', 'kB', 'KB', 'MB', 'GB', 'B', 'kbit/s'],
  ru: [],
  sv: ['km/h', 'km', 'm', 'ms', 'min', 'h', 's', 'd', 'fps', 'dBm', 'kB', 'KB', 'MB', 'GB', 'B', 'kbit/s'],
};
/** English unit symbols: in a text of a language that does not write them so, a unit left in English. */
const englishUnits = ['km/h', 'km', 'm', 'ms', 'min', 'h', 's', 'd', 'fps', 'dBm', 'kB', 'KB', 'MB', 'GB', 'B', 'kbit/s', 'sec', 'hr'];
/** A number with a decimal point (1.5), not a version (2.4.1): every language but English writes a decimal comma. */
const dotDecimal = /(?<![\d.])\d+\.\d+(?![\d.])/u;

/**
 * True cognates: words a language writes exactly as English does, meaning the same (the gate allows them).
 * A text equal to English passes only when each of its words is listed for its language; keep these short.
 */
const cognates: Record<Exclude<Language, 'en'>, readonly string[]> = {
  // German writes these loans as English does (Duden): the tab bar, live video, a video clip.
  de: [
    'Clip',
    'Code',
    'Info',
    'Link',
    'Live',
    'Logo',
    'Name',
    'Offline',
    'Online',
    'Organisation',
    'Pause',
    'Portal',
    'Position',
    'Premium',
    'Radius',
    'Signal',
    'Standard',
    'Start',
    'Status',
    'Tabs',
    'Version',
    'Video',
    'Videos',
  ],
  es: ['General', 'No', 'Plan', 'Portal', 'Premium', 'Total'],
  // French shares much of English's Latin vocabulary; each of these is the ordinary French word.
  fr: [
    'Action',
    'Actions',
    'Attribution',
    'Clause',
    'Code',
    'Collision',
    'Configuration',
    'Contact',
    'Date',
    'Description',
    'Distance',
    'Distraction',
    'Fatigue',
    'Incident',
    'Incidents',
    'Logo',
    'Maintenance',
    'Menu',
    'Minibus',
    'Message',
    'Notifications',
    'Organisation',
    'Organisations',
    'Pause',
    'Points',
    'Position',
    'Premium',
    'Signal',
    'Site',
    'Standard',
    'Total',
    'Type',
    'Version',
  ],
  nb: ['Info', 'Logo', 'Pause', 'Plan', 'Portal', 'Premium', 'Radius', 'Signal', 'Standard', 'Start', 'Status', 'Type', 'Video'],
  ru: [],
  sv: [
    'Incident',
    'Info',
    'Live',
    'Offline',
    'Online',
    'Organisation',
    'Period',
    'Plan',
    'Portal',
    'Position',
    'Premium',
    'Signal',
    'Standard',
    'Start',
    'Status',
    'Version',
    'Video',
  ],
};

/** Why a language's text would not do: missing, empty, or still the English one (not a cognate). */
function untranslated(language: Exclude<Language, 'en'>, text: string | undefined, english: string): string | undefined {
  if (text === undefined) return 'missing';
  if (text.trim() === '') return 'empty';
  if (text !== english || sameEverywhere.has(text)) return undefined;
  const words = text.replace(languageFree, ' ').split(/\s+/).filter(Boolean);
  // Case does not matter: 'organisation' in a sentence is the same cognate as 'Organisation' in a heading.
  const allowed = new Set([...cognates[language], ...sameUnits[language]].map((word) => word.toLowerCase()));
  return words.every((word) => allowed.has(word.toLowerCase())) ? undefined : 'still English';
}

/** A unit left in English or a decimal point in a text of another language, or undefined. */
function foreignNumber(language: Exclude<Language, 'en'>, text: string): string | undefined {
  // A unit is a symbol after a number or a placeholder: "500 KB", "{{km}} km" (not the d' of French or h1–h4).
  const unit = englishUnits.find(
    (symbol) =>
      !sameUnits[language].includes(symbol) && new RegExp(`(?:\\d|\\}\\})\\s?${symbol.replace('/', '\\/')}(?![\\p{L}/])`, 'u').test(text),
  );
  if (unit) return `English unit ${unit}`;
  // Decimals go in as placeholders the console formats; a decimal written into a text is English's.
  if (dotDecimal.test(text)) return 'decimal point';
  return undefined;
}

/** Every finding of a language over a set of texts, as 'key: why'. */
function findings(language: Exclude<Language, 'en'>, texts: Map<string, string>, english: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, text] of english) {
    const why = untranslated(language, texts.get(key), text) ?? foreignNumber(language, texts.get(key) ?? '');
    if (why) out.push(`${key}: ${why} (${JSON.stringify(texts.get(key) ?? text)})`);
  }
  // A plural form English does not have (Russian few and many) stands for English's `_other`.
  const englishKey = (key: string) => key.replace(new RegExp(`_(${pluralForms(language).join('|')})$`), '_other');
  for (const key of texts.keys()) if (!english.has(key) && !english.has(englishKey(key))) out.push(`${key}: not in English`);
  return out;
}

const otherLanguages = languages.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

describe('every text is translated', () => {
  it('English has no empty text', () => {
    const empty = [...flatten(read('en')), ...Object.entries(messages.en)].filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(otherLanguages)('%s: console texts', (language) => {
    expect(findings(language, flatten(read(language)), flatten(read('en')))).toEqual([]);
  });

  it.each(otherLanguages)('%s: codeKey messages', (language) => {
    expect(findings(language, new Map(Object.entries(messages[language])), new Map(Object.entries(messages.en)))).toEqual([]);
  });

  it('flags a copied English text and passes cognates and language-free texts', () => {
    expect(untranslated('de', 'Tags', 'Tags')).toBe('still English');
    expect(untranslated('de', 'Start {{time}}', 'Start {{time}}')).toBeUndefined();
    expect(untranslated('sv', '{{value}} km/h', '{{value}} km/h')).toBeUndefined();
    // Issue 29: a unit is the language's own; Russian and Norwegian do not write km/h.
    expect(untranslated('ru', '{{value}} km/h', '{{value}} km/h')).toBe('still English');
    expect(untranslated('nb', '{{value}} km/h', '{{value}} km/h')).toBe('still English');
    expect(foreignNumber('ru', 'Не более 500 KB')).toBe('English unit KB');
    expect(foreignNumber('ru', 'последнее {{latest}} dBm')).toBe('English unit dBm');
    expect(foreignNumber('ru', 'Не более 500 КБ')).toBeUndefined();
    expect(foreignNumber('de', 'Höchstens 1.5 MB')).toBe('decimal point');
    expect(foreignNumber('de', 'Version 2.4.1 oder 2.5.0-rc.2')).toBeUndefined();
    expect(foreignNumber('fr', 'Au plus 500 KB')).toBe('English unit KB');
    expect(untranslated('ru', 'Video', 'Video')).toBe('still English');
    expect(untranslated('fr', ' ', 'Name')).toBe('empty');
  });
});

/** The header search's keywords are the words a user may type (synonyms, other spellings), never a name shown. */
const shownTexts = (language: Language) => [...flatten(read(language))].filter(([key]) => !key.startsWith('routeWords.'));

describe('one word for one thing (issue 29)', () => {
  it.each(languages)('%s names a licence plate the same on every page', (language) => {
    const names = shownTexts(language)
      .filter(([key]) => /\.(plate|licensePlate)$/.test(key))
      .map(([, text]) => text);
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names)).toEqual(new Set([names[0]]));
  });

  it('spells it the British way, as the console does: licence, not license', () => {
    for (const language of languages)
      for (const [key, text] of shownTexts(language)) expect(text, `${language} ${key}`).not.toMatch(/\blicense\b/i);
  });
});

/** Every named route of the table, public or inside the layout, with its children. */
function namedRoutes(table: readonly RouteEntry[]): RouteEntry[] {
  return table.flatMap((route) => [...(route.name ? [route] : []), ...namedRoutes(route.children ?? [])]);
}

describe('route titles', () => {
  it.each(languages)('%s has a title for every page of the route table (the tab, the page title, the later-release page)', (language) => {
    const texts = flatten(read(language));
    const missing = namedRoutes([...publicRoutes, ...mainRoutes]).filter((route) => !route.title || !texts.has(`route.${route.title}`));
    expect(missing.map((route) => route.name)).toEqual([]);
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
