import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPage {
  /** Points. */
  width: number;
  height: number;
  /** The page's text, lines joined by single spaces (a wrapped paragraph reads as it was written). */
  text: string;
  /** The fonts the page's text is set in. */
  fonts: { name: string; embedded: boolean }[];
  /** Vector shapes painted: filled and stroked paths. */
  fills: number;
  strokes: number;
  images: number;
}

export interface ReadPdf {
  title: string;
  language: string;
  created: string;
  pages: ReadPage[];
}

const isPaint = (fn: number, args: unknown[] | null, op: number) => fn === op || (fn === OPS.constructPath && args?.[0] === op);

/** A PDF as pdf.js (Mozilla's reader, in Firefox) reads it: what a reader's viewer would show, not our own idea of it. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const info = (await pdf.getMetadata()).info as Record<string, string | undefined>;
    const pages: ReadPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [, , width = 0, height = 0] = page.view;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      const { fnArray, argsArray } = await page.getOperatorList();
      const fontIds = new Set(fnArray.flatMap((fn, i) => (fn === OPS.setFont ? [String(argsArray[i]?.[0])] : [])));
      const fonts = [...fontIds].map((id) => {
        const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
        return { name: font.name, embedded: !font.missingFile };
      });
      const count = (op: number) => fnArray.filter((fn, i) => isPaint(fn, argsArray[i], op)).length;
      const images = fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length;
      pages.push({ width, height, text, fonts, fills: count(OPS.fill) + count(OPS.eoFill), strokes: count(OPS.stroke), images });
    }
    return { title: info.Title ?? '', language: info.Language ?? '', created: info.CreationDate ?? '', pages };
  } finally {
    await pdf.destroy();
  }
}

/** An A4 page, 595.28 × 841.89 pt, give or take a point. */
export const isA4 = (page: ReadPage) => Math.abs(page.width - 595.28) <= 1 && Math.abs(page.height - 841.89) <= 1;
