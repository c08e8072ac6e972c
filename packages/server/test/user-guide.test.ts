import { type Language, languages } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { userGuidePdf } from '../src/modules/dashboard/user-guide.js';
import { serverTexts } from '../src/texts/index.js';
import { isA4, readPdf } from './pdf-reader.js';

/** Words of each guide with the letters a Latin-1 font lacks or that are easily lost: Cyrillic, æøå, umlauts, accents. */
const words: Record<Language, string[]> = {
  en: ['dashboard', 'organisation'],
  de: ['Gerätekontingents', 'Vorfälle', 'endgültig'],
  es: ['contraseña', 'estadísticas', 'Vehículos'],
  fr: ['véhicules', 'définitivement', 'rôle'],
  nb: ['Kjøretøy', 'flåtesikkerhetssystemet', 'Døgnet'],
  ru: ['Руководство пользователя', 'Удалённые', 'учётные записи'],
  sv: ['Användarhandbok', 'Områdesåterförsäljare', 'färdväg'],
};

describe('the user guide PDF', () => {
  it.each(languages)('is written in %s on A4 pages in embedded Noto Sans, numbered in the footer', async (language) => {
    const guide = serverTexts[language].userGuide;
    const pdf = await readPdf(Buffer.concat(await (await userGuidePdf(language, '2026-03-01 12:00:00')).toArray()));

    expect(pdf).toMatchObject({ title: guide.title, language });
    // A title page with the introduction, contents and contact, then one page per chapter.
    expect(pdf.pages).toHaveLength(1 + guide.chapters.length);
    const text = pdf.pages.map((page) => page.text).join(' ');
    for (const word of words[language]) expect(text).toContain(word);
    // Every sentence reads back whole: no letter fell out, no line lost a word.
    for (const sentence of [guide.title, guide.intro, guide.contact, ...guide.chapters.flat()]) expect(text).toContain(sentence);
    for (const [i, [heading]] of guide.chapters.entries()) expect(pdf.pages[i + 1]?.text).toContain(`${i + 1}. ${heading}`);

    for (const [i, page] of pdf.pages.entries()) {
      expect(isA4(page), `page ${i + 1}: ${page.width} × ${page.height}`).toBe(true);
      expect(page.text).toContain(`Safety Shield 2026-03-01 12:00:00 ${guide.page} ${i + 1} / ${pdf.pages.length}`);
      expect(page.fonts.length).toBeGreaterThan(0);
      for (const font of page.fonts)
        expect(font).toMatchObject({ name: expect.stringMatching(/\+NotoSans-(Regular|Bold)$/), embedded: true });
    }
  });
});
