import { readdirSync, readFileSync, statSync } from 'node:fs';
import { type Language, languages, mainRoutes, type RouteEntry, routeAllows } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { guideChapters, guidePictures, menuPages, userGuidePdf } from '../src/modules/dashboard/user-guide.js';
import { guideChapterIds, serverTexts } from '../src/texts/index.js';
import { isA4, readPdf } from './pdf-reader.js';

/** Words of each guide with the letters a Latin-1 font lacks or that are easily lost: Cyrillic, æøå, umlauts, accents. */
const words: Record<Language, string[]> = {
  en: ['dashboard', 'organisation', 'Firmware library'],
  de: ['Gerätekontingents', 'Vorfälle', 'endgültig'],
  es: ['contraseña', 'estadísticas', 'Vehículos'],
  fr: ['véhicules', 'définitivement', 'rôle'],
  nb: ['Kjøretøy', 'flåtesikkerhetssystemet', 'Døgnet'],
  ru: ['Руководство пользователя', 'Удалённые', 'учётные записи'],
  sv: ['Användarhandbok', 'Områdesåterförsäljare', 'färdväg'],
};

const ROLES = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'] as const;

/** The pages some role's sidebar shows, read from the route table as the console reads it: named, not hidden, allowed. */
function menuAreas(routes: readonly RouteEntry[] = mainRoutes): string[] {
  return routes.flatMap((route) => {
    if (route.hidden || !ROLES.some((role) => routeAllows(route, role))) return [];
    if (route.children) return menuAreas(route.children);
    return route.name ? [route.name] : [];
  });
}

const webRoutes = (language: Language) =>
  JSON.parse(readFileSync(new URL(`../../web/src/shared/i18n/locales/${language}.json`, import.meta.url), 'utf8')).route as Record<
    string,
    string
  >;
const titles = (routes: readonly RouteEntry[]): string[] =>
  routes.flatMap((r) => [...(r.title ? [r.title] : []), ...titles(r.children ?? [])]);
const assets = new URL('../assets/guide/', import.meta.url);

describe('the user guide (issue 29)', () => {
  it('has a chapter for every page of the menu, derived from the route table', () => {
    const covered = new Set<string>(Object.values(guideChapters).flatMap((chapter) => chapter.routes));
    const areas = menuAreas();
    expect(areas.length).toBeGreaterThan(15);
    expect(areas.filter((name) => !covered.has(name))).toEqual([]);
    // The guide's own reading of the menu finds the same pages.
    expect([...menuPages().keys()].sort()).toEqual([...new Set(areas)].sort());
    // A new area of the menu without a chapter would fail.
    const extended = [...mainRoutes, { path: '/new', title: 'statistics', children: [{ path: 'x', name: 'NewArea', title: 'report' }] }];
    expect(menuAreas(extended).filter((name) => !covered.has(name))).toEqual(['NewArea']);
  });

  it.each(languages)('%s names the menu as the console does', (language) => {
    const route = webRoutes(language);
    const { menu } = serverTexts[language].userGuide;
    for (const key of new Set(titles(mainRoutes))) expect(menu[key], `${language} route.${key}`).toBe(route[key]);
  });

  it('keeps the screenshots small: 4–6 JPEGs a language, at most 1.5 MB in all', () => {
    let total = 0;
    for (const language of languages) {
      const files = readdirSync(new URL(`${language}/`, assets));
      expect(files.sort()).toEqual(guidePictures.map((name) => `${name}.jpg`).sort());
      expect(files.length).toBeGreaterThanOrEqual(4);
      expect(files.length).toBeLessThanOrEqual(6);
      for (const file of files) {
        const bytes = readFileSync(new URL(`${language}/${file}`, assets));
        expect(bytes.readUInt16BE(0), file).toBe(0xffd8);
        total += statSync(new URL(`${language}/${file}`, assets)).size;
      }
    }
    expect(total).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });

  it.each(languages)('is written in %s on A4 pages in embedded Noto Sans, a chapter per menu area with screenshots', async (language) => {
    const guide = serverTexts[language].userGuide;
    const pdf = await readPdf(Buffer.concat(await (await userGuidePdf(language, '2026-03-01 12:00:00')).toArray()));

    expect(pdf).toMatchObject({ title: guide.title, language });
    const text = pdf.pages.map((page) => page.text).join(' ');
    for (const word of words[language]) expect(text).toContain(word);
    // Every sentence reads back whole: no letter fell out, no line lost a word.
    for (const sentence of [guide.title, guide.intro, guide.contact]) expect(text).toContain(sentence);

    // A chapter per area: its heading, its task, its steps, and the places of its pages in the menu.
    const pages = menuPages();
    for (const [i, id] of guideChapterIds.entries()) {
      const chapter = guide.chapters[id];
      const start = text.indexOf(`${i + 1}. ${chapter.heading} ${chapter.task}`);
      expect(start, `${language} chapter ${id}`).toBeGreaterThan(0);
      const next = guideChapterIds[i + 1];
      const end = next ? text.indexOf(`${i + 2}. ${guide.chapters[next].heading} `, start) : text.length;
      const body = text.slice(start, end);
      for (const [n, step] of chapter.steps.entries()) expect(body, `${language} ${id} step ${n + 1}`).toContain(`${n + 1}. ${step}`);
      for (const name of guideChapters[id].routes) {
        const place = pages.get(name);
        if (place) expect(body, `${language} ${id}: ${name}`).toContain(place.map((key) => guide.menu[key]).join(' › '));
      }
      if (guideChapters[id].picture && chapter.caption) expect(body).toContain(chapter.caption);
    }
    // The contents list every chapter.
    expect(pdf.pages[0]?.text).toContain(`${guide.contents} 1. ${guide.chapters.start.heading} 2. ${guide.chapters.incidents.heading}`);
    // The screenshots of its language, each once.
    expect(pdf.pages.reduce((sum, page) => sum + page.images, 0)).toBe(guidePictures.length);

    for (const [i, page] of pdf.pages.entries()) {
      expect(isA4(page), `page ${i + 1}: ${page.width} × ${page.height}`).toBe(true);
      expect(page.text).toContain(`Safety Shield 2026-03-01 12:00:00 ${guide.page} ${i + 1} / ${pdf.pages.length}`);
      expect(page.fonts.length).toBeGreaterThan(0);
      for (const font of page.fonts)
        expect(font).toMatchObject({ name: expect.stringMatching(/\+NotoSans-(Regular|Bold)$/), embedded: true });
    }
  });

  it('is written on request in well under a second once the PDF layer is loaded', async () => {
    await (await userGuidePdf('en', 'warm-up')).toArray();
    const times: number[] = [];
    for (const language of ['ru', 'de', 'nb'] as const) {
      const started = performance.now();
      const bytes = Buffer.concat(await (await userGuidePdf(language, '2026-03-01 12:00:00')).toArray());
      times.push(performance.now() - started);
      // The four screenshots go in as they are (JPEG), so the file is about their size plus the text.
      expect(bytes.length).toBeLessThan(600_000);
    }
    console.log(`user guide: ${times.map((ms) => Math.round(ms)).join(', ')} ms`);
    expect(Math.min(...times)).toBeLessThan(1_500);
  });
});
