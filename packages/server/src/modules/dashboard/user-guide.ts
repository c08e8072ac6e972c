import type { Readable } from 'node:stream';
import type { Language } from '@safety-shield/contract';
import { renderPdf } from '../../pdf/index.js';
import { serverTexts } from '../../texts/index.js';

/** The user guide as a PDF in the reader's language: a title page with the introduction, contents and contact, then one page per chapter. */
export function userGuidePdf(language: Language, release: string): Promise<Readable> {
  const guide = serverTexts[language].userGuide;
  return renderPdf(
    {
      title: guide.title,
      language,
      subject: `Safety Shield ${release}`,
      footer: { text: `Safety Shield ${release}`, page: (page, pages) => `${guide.page} ${page} / ${pages}` },
    },
    (pdf) => {
      pdf.title(guide.title);
      pdf.paragraph(guide.intro);
      pdf.bullets(
        guide.chapters.map(([heading]) => heading),
        { numbered: true },
      );
      pdf.paragraph(guide.contact);
      for (const [i, [heading, text]] of guide.chapters.entries()) {
        pdf.pageBreak();
        pdf.heading(`${i + 1}. ${heading}`);
        pdf.paragraph(text);
      }
    },
  );
}
