import type PDFDocument from 'pdfkit';
import type { Fonts } from './fonts.js';

/** A pdfkit document (the package's default export is its class; its instances have the same type). */
export type PdfKitDocument = typeof PDFDocument;

/** Points per millimetre. */
export const MM = 72 / 25.4;

/**
 * SPEC section 9: A4 portrait with a 10 mm margin, so the content box is 190 × 277 mm (docs/decisions.md, "PDFs"):
 * the body flows in its upper part, the footer with the page number sits in its bottom band.
 */
export const page = { width: 595.28, height: 841.89 } as const;
export const box = {
  left: 10 * MM,
  right: page.width - 10 * MM,
  top: 10 * MM,
  bottom: page.height - 10 * MM,
  width: page.width - 20 * MM,
} as const;
const FOOTER_BAND = 7 * MM;

export interface TextStyle {
  /** Points. */
  size: number;
  bold?: boolean;
  color?: string;
}
export type Align = 'left' | 'right' | 'center';

export const styles = {
  title: { size: 20, bold: true },
  heading: { size: 14, bold: true },
  body: { size: 10.5 },
  bodyBold: { size: 10.5, bold: true },
  cell: { size: 9 },
  small: { size: 8, color: '#595959' },
  smallBold: { size: 8.5, bold: true },
} satisfies Record<string, TextStyle>;

/** The cursor over a pdfkit document: measures, wraps and draws text in our fonts, and starts pages as the body fills. */
export class Layout {
  /** Where the next block starts, in points from the page's top. */
  y: number = box.top;
  /** Where the body ends: the footer's band stays free. */
  readonly bottom = box.bottom - FOOTER_BAND;
  private readonly numbers: Intl.NumberFormat;

  constructor(
    readonly doc: PdfKitDocument,
    private readonly fonts: Fonts,
    language: string,
  ) {
    this.numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  }

  lineHeight = (style: TextStyle) => style.size * 1.35;

  number = (value: number) => this.numbers.format(value);

  width(text: string, style: TextStyle): number {
    let width = 0;
    for (const run of this.fonts.runs(text, style.bold ? 'bold' : 'regular'))
      width += this.doc.font(run.font).fontSize(style.size).widthOfString(run.text);
    return width;
  }

  /** The text broken into lines no wider than `width`: at spaces, a word longer than a line at any character. */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const space = this.width(' ', style);
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ').filter(Boolean)) {
        const wordWidth = this.width(word, style);
        if (line && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line) lines.push(line);
        [line, lineWidth] = [word, wordWidth];
        while (lineWidth > width && [...line].length > 1) {
          const head = this.fit(line, style, width);
          lines.push(head);
          line = line.slice(head.length);
          lineWidth = this.width(line, style);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** The longest start of `text` (at least one character) no wider than `width`. */
  private fit(text: string, style: TextStyle, width: number): string {
    let head = '';
    for (const character of text) {
      if (head && this.width(head + character, style) > width) break;
      head += character;
    }
    return head;
  }

  /** The text cut to `width` with an ellipsis when it is wider. */
  clip(text: string, style: TextStyle, width: number): string {
    if (this.width(text, style) <= width) return text;
    return `${this.fit(text, style, width - this.width('…', style)).trimEnd()}…`;
  }

  /** One line of text whose top is at `y`; aligned within `width` from `x`. */
  draw(text: string, x: number, y: number, style: TextStyle, align: Align = 'left', width = 0): void {
    const offset = align === 'left' ? 0 : (width - this.width(text, style)) / (align === 'right' ? 1 : 2);
    let left = x + offset;
    this.doc.fillColor(style.color ?? '#000000');
    for (const run of this.fonts.runs(text, style.bold ? 'bold' : 'regular')) {
      this.doc.font(run.font).fontSize(style.size).text(run.text, left, y, { lineBreak: false });
      left += this.doc.widthOfString(run.text);
    }
  }

  /** Lines of wrapped text from `x`, each line on the page where it fits; the cursor moves below them. */
  paragraph(lines: string[], x: number, style: TextStyle): void {
    const height = this.lineHeight(style);
    for (const line of lines) {
      this.ensure(height);
      this.draw(line, x, this.y, style);
      this.y += height;
    }
  }

  /** Starts a new page unless `height` more points fit under the cursor (or the cursor is at a page's top). */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > box.top) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.y = box.top;
  }

  /** A PNG or JPEG at the top left of the first page, `height` mm high at most, fitted into the content width. */
  logo(image: Buffer, height: number): void {
    this.doc.image(image, box.left, box.top, { fit: [box.width, height * MM] });
    this.y = box.top + (height + 4) * MM;
  }

  /** Every page's footer: a rule, `text` at the left, `label(page, pages)` at the right. */
  footers(text: string, label: (page: number, pages: number) => string): void {
    const { start, count } = this.doc.bufferedPageRange();
    const y = box.bottom - this.lineHeight(styles.small);
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      this.doc
        .moveTo(box.left, y - 1 * MM)
        .lineTo(box.right, y - 1 * MM)
        .lineWidth(0.5)
        .strokeColor('#d9d9d9')
        .stroke();
      this.draw(text, box.left, y, styles.small);
      this.draw(label(i + 1, count), box.left, y, styles.small, 'right', box.width);
    }
  }
}
