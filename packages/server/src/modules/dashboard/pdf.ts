/**
 * A tiny PDF writer: text only, the built-in Helvetica (no embedded fonts), WinAnsi (Latin-1) text, A4 pages with the
 * spec's 10 mm margin (SPEC section 9: content 190 mm wide, 280 mm high per page). Enough for the user guide.
 */

const MM = 72 / 25.4;
const PAGE_W = 210 * MM;
const PAGE_H = 297 * MM;
const MARGIN = 10 * MM;
const CONTENT_W = 190 * MM;
const CONTENT_H = 280 * MM;

export interface PdfBlock {
  kind: 'title' | 'heading' | 'text';
  text: string;
  /** Start this block on a new page. */
  newPage?: boolean;
}

const style = {
  title: { size: 20, bold: true, after: 10 },
  heading: { size: 14, bold: true, after: 4 },
  text: { size: 11, bold: false, after: 6 },
};

/** Helvetica averages about half an em per character; 0.53 keeps wrapped lines inside the content width. */
const AVERAGE_WIDTH = 0.53;

/** Characters Helvetica in WinAnsi cannot show become '?'. */
export const latin1 = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const pdfString = (text: string) => latin1(text).replace(/[\\()]/g, (c) => `\\${c}`);

function wrap(text: string, size: number): string[] {
  const perLine = Math.max(10, Math.floor(CONTENT_W / (size * AVERAGE_WIDTH)));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > perLine) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/** Lays the blocks out on pages and answers the PDF file. `footer` is printed on every page with its number. */
export function writePdf(blocks: PdfBlock[], footer: (page: number, pages: number) => string): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  const bottom = PAGE_H - MARGIN - CONTENT_H + 14;
  const newPage = () => {
    pages.push([]);
    y = PAGE_H - MARGIN;
  };
  for (const block of blocks) {
    const { size, bold, after } = style[block.kind];
    if (block.newPage && (pages.at(-1)?.length ?? 0) > 0) newPage();
    for (const line of wrap(block.text, size)) {
      const leading = size * 1.3;
      if (y - leading < bottom) newPage();
      y -= leading;
      pages.at(-1)?.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN.toFixed(2)} ${y.toFixed(2)} Td (${pdfString(line)}) Tj ET`);
    }
    y -= after;
  }
  const streams = pages.map((ops, i) =>
    [...ops, `BT /F1 9 Tf ${MARGIN.toFixed(2)} ${(MARGIN / 2 + 4).toFixed(2)} Td (${pdfString(footer(i + 1, pages.length))}) Tj ET`].join(
      '\n',
    ),
  );

  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const kids = streams.map((_, i) => `${5 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${streams.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  for (const [i, stream] of streams.entries()) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W.toFixed(2)} ${PAGE_H.toFixed(2)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
