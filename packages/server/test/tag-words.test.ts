import { readdirSync, readFileSync } from 'node:fs';
import { type Language, languages } from '@safety-shield/contract';
import { messages } from '@safety-shield/contract/messages';
import { describe, expect, it } from 'vitest';
import { serverTexts } from '../src/texts/index.js';
import { reportTexts } from '../src/texts/report.js';

/**
 * Issue 29: German wrote "Kennzeichnung" for a tag in the report, one letter group from "Kennzeichen" (licence
 * plate). The glossary (docs/decisions.md, "One term per thing") names one word for each; this gate holds every text
 * to it — the console's locales, the contract's messages, the server's e-mails, guide and report — and keeps the two
 * words apart in every language.
 */
/** `stem`: where the plate's forms part from other words (default: the name without its last letter). */
const glossary: Record<Language, { tag: string; plate: string; stem?: string; others?: RegExp }> = {
  en: { tag: 'tag', plate: 'licence plate' },
  es: { tag: 'etiqueta', plate: 'matrícula' },
  fr: { tag: 'étiquette', plate: 'immatriculation' },
  de: { tag: 'label', plate: 'kennzeichen' },
  nb: { tag: 'etikett', plate: 'registreringsnummer', others: /^registr(er|ert|ere|eres)$/ },
  sv: { tag: 'etikett', plate: 'registreringsnummer', stem: 'registreringsnum', others: /^registr(era|erad|erade|eras)$/ },
  ru: { tag: 'метка', plate: 'госномер' },
};

const web = new URL('../../web/src/', import.meta.url);
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** Every text of a language a person reads: console locales, codeKey messages, server texts and the report. */
function textsOf(language: Language): string[] {
  const features = readdirSync(new URL('features/', web)).map((feature) => new URL(`features/${feature}/i18n/${language}.json`, web));
  const locales = [...features, new URL(`shared/i18n/locales/${language}.json`, web)].flatMap((file) => {
    try {
      return strings(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return [];
    }
  });
  return [...locales, ...strings(messages[language]), ...strings(serverTexts[language]), ...strings(reportTexts[language])];
}

const words = (texts: string[]) => new Set(texts.flatMap((text) => text.toLocaleLowerCase().split(/[^\p{L}]+/u)));
/** The last word of the plate's name: 'licence plate' → 'plate'. */
const plateWord = (plate: string) => plate.split(' ').at(-1) ?? plate;

describe('the words for tag and licence plate (issue 29)', () => {
  it.each(languages)('%s: the report, the console and the messages say tag with the glossary’s word', (language) => {
    const { tag } = glossary[language];
    const report = reportTexts[language];
    expect(report.columns.tag.toLocaleLowerCase()).toBe(tag);
    expect(report.sections.byTag.toLocaleLowerCase()).toContain(language === 'ru' ? 'метк' : tag);
    expect(messages[language].EVENT_TAG_NOT_EXIST.toLocaleLowerCase()).toMatch(new RegExp(tag.slice(0, 4)));
  });

  it.each(languages)('%s: tag and licence plate share no beginning, and no text uses a word between them', (language) => {
    const { tag, plate, others, stem = plateWord(plate).slice(0, -1) } = glossary[language];
    const plateName = plateWord(plate);
    expect(tag.slice(0, 4)).not.toBe(plateName.slice(0, 4));
    // A word that starts like the plate's name is a form of it ("Kennzeichens"), never a near miss ("Kennzeichnung").
    const nearMisses = [...words(textsOf(language))].filter(
      (word) => word.startsWith(plateName.slice(0, 5)) && !word.startsWith(stem) && !others?.test(word),
    );
    expect(nearMisses).toEqual([]);
  });
});
