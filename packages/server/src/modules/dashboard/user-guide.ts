import { type Language, languages } from '@safety-shield/contract';
import { serverTexts, type UserGuide } from '../../texts/index.js';
import { latin1, type PdfBlock, writePdf } from './pdf.js';

/** Whether the PDF's built-in Helvetica (WinAnsi) shows every character of a guide: `latin1` turns the others into '?'. */
function printable({ title, intro, chapters, contact, page }: UserGuide): boolean {
  const all = [title, intro, ...chapters.flat(), contact, page].join(' ');
  return latin1(all).split('?').length === all.split('?').length;
}

const printableLanguages = new Set(languages.filter((language) => printable(serverTexts[language].userGuide)));

/** The language the guide is written in for a requested language: one the PDF cannot show (Russian's Cyrillic) gets English. */
export const guideLanguage = (language: Language): Language => (printableLanguages.has(language) ? language : 'en');

/** The user guide as a PDF: a title page with the introduction and contact, then one page per chapter. */
export function userGuidePdf(language: Language, release: string): Buffer {
  const guide = serverTexts[guideLanguage(language)].userGuide;
  const blocks: PdfBlock[] = [
    { kind: 'title', text: guide.title },
    { kind: 'text', text: guide.intro },
    ...guide.chapters.map(([heading], i) => ({ kind: 'text' as const, text: `${i + 1}. ${heading}` })),
    { kind: 'text', text: guide.contact },
    ...guide.chapters.flatMap(([heading, text], i): PdfBlock[] => [
      { kind: 'heading', text: `${i + 1}. ${heading}`, newPage: true },
      { kind: 'text', text },
    ]),
  ];
  return writePdf(blocks, (page, pages) => `Safety Shield ${release} - ${guide.page} ${page} / ${pages}`);
}
