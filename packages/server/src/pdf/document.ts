import type { Readable } from 'node:stream';
import { type Chart, drawChart } from './charts.js';
import { pdfFonts } from './fonts.js';
import { type Align, box, Layout, MM, styles, type TextStyle } from './layout.js';

/** A table cell: numbers are formatted in the document's language, null shows as a dash. */
export type Cell = string | number | null;

export interface TableColumn {
  header: string;
  /** Share of the content width relative to the other columns (default 1). */
  width?: number;
  align?: Align;
}

export interface PdfOptions {
  /** The document's title in its metadata (what a viewer's title bar shows). */
  title: string;
  /** BCP 47 tag: the document's /Lang and the format of numbers in tables and charts. */
  language: string;
  subject?: string;
  author?: string;
  /** The creation date in the metadata; now by default. */
  created?: Date;
  /** A PNG or JPEG at the top of the first page, 12 mm high. */
  logo?: Buffer;
  footer?: {
    /** At the left of every page's footer. */
    text?: string;
    /** At the right: 'Page 2 / 5'; by default '2 / 5'. */
    page?: (page: number, pages: number) => string;
  };
}

/** What a document is composed with: blocks flow down the pages, a new page starts when the next one does not fit. */
export interface PdfWriter {
  title(text: string): void;
  /** Kept on the page of the lines that follow it. */
  heading(text: string): void;
  paragraph(text: string, options?: { bold?: boolean }): void;
  bullets(items: readonly string[], options?: { numbered?: boolean }): void;
  /** Two columns: the keys in bold, their values beside them. */
  keyValues(pairs: readonly (readonly [key: string, value: Cell])[]): void;
  /** The header repeats on every page the table runs over; a row never splits. */
  table(columns: readonly TableColumn[], rows: readonly (readonly Cell[])[]): void;
  barChart(chart: Chart): void;
  lineChart(chart: Chart): void;
  /** Vertical space in mm. */
  space(mm: number): void;
  pageBreak(): void;
}

const AFTER_BLOCK = 2.5 * MM;
const CELL_PAD = 1.2 * MM;
const RULE = '#d9d9d9';

interface Row {
  cells: string[];
  style: (column: number) => TextStyle;
  align: (column: number) => Align;
  fill?: string;
}

class Writer implements PdfWriter {
  constructor(private readonly layout: Layout) {}

  title(text: string): void {
    const lines = this.layout.wrap(text, styles.title, box.width);
    this.layout.ensure(lines.length * this.layout.lineHeight(styles.title));
    this.layout.paragraph(lines, box.left, styles.title);
    this.layout.y += 2 * AFTER_BLOCK;
  }

  heading(text: string): void {
    const lines = this.layout.wrap(text, styles.heading, box.width);
    this.layout.ensure((lines.length + 1) * this.layout.lineHeight(styles.heading) + 2 * this.layout.lineHeight(styles.body));
    this.layout.paragraph(lines, box.left, styles.heading);
    this.layout.y += AFTER_BLOCK / 2;
  }

  paragraph(text: string, options: { bold?: boolean } = {}): void {
    const style = options.bold ? styles.bodyBold : styles.body;
    this.layout.paragraph(this.layout.wrap(text, style, box.width), box.left, style);
    this.layout.y += AFTER_BLOCK;
  }

  bullets(items: readonly string[], options: { numbered?: boolean } = {}): void {
    const markers = items.map((_, i) => (options.numbered ? `${i + 1}.` : '•'));
    const indent = Math.max(...markers.map((marker) => this.layout.width(marker, styles.body))) + 2 * MM;
    for (const [i, item] of items.entries()) {
      const lines = this.layout.wrap(item, styles.body, box.width - indent);
      this.layout.ensure(this.layout.lineHeight(styles.body));
      this.layout.draw(markers[i] ?? '', box.left, this.layout.y, styles.body);
      this.layout.paragraph(lines, box.left + indent, styles.body);
      this.layout.y += 1 * MM;
    }
    this.layout.y += AFTER_BLOCK - 1 * MM;
  }

  keyValues(pairs: readonly (readonly [key: string, value: Cell])[]): void {
    const widths = [box.width / 3, (box.width * 2) / 3];
    for (const [key, value] of pairs)
      this.row(
        { cells: [key, this.text(value)], style: (column) => (column === 0 ? styles.bodyBold : styles.body), align: () => 'left' },
        widths,
      );
    this.layout.y += AFTER_BLOCK;
  }

  table(columns: readonly TableColumn[], rows: readonly (readonly Cell[])[]): void {
    const total = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
    const widths = columns.map((column) => (box.width * (column.width ?? 1)) / total);
    const align = (column: number) => columns[column]?.align ?? 'left';
    const header: Row = { cells: columns.map((column) => column.header), style: () => styles.smallBold, align, fill: '#f0f0f0' };
    const heading = this.measure(header, widths);
    for (const [i, cells] of rows.entries()) {
      const row: Row = { cells: columns.map((_, c) => this.text(cells[c] ?? null)), style: () => styles.cell, align };
      if (i % 2 === 1) row.fill = '#fafafa';
      const measured = this.measure(row, widths);
      if (i === 0) this.layout.ensure(heading.height + measured.height);
      else if (this.layout.y + measured.height > this.layout.bottom) this.layout.newPage();
      if (i === 0 || this.layout.y === box.top) this.row(header, widths, heading);
      this.row(row, widths, measured);
    }
    if (rows.length === 0) this.row(header, widths);
    this.layout.y += AFTER_BLOCK;
  }

  barChart(chart: Chart): void {
    drawChart(this.layout, 'bar', chart);
  }

  lineChart(chart: Chart): void {
    drawChart(this.layout, 'line', chart);
  }

  space(mm: number): void {
    this.layout.y += mm * MM;
  }

  pageBreak(): void {
    if (this.layout.y > box.top) this.layout.newPage();
  }

  private text = (cell: Cell) => (cell === null ? '—' : typeof cell === 'number' ? this.layout.number(cell) : cell);

  /** The row's cells wrapped to their columns, and the row's height. */
  private measure(row: Row, widths: number[]): { lines: string[][]; height: number } {
    const lines = row.cells.map((cell, c) => this.layout.wrap(cell, row.style(c), (widths[c] ?? 0) - 2 * CELL_PAD));
    const height = Math.max(...lines.map((cell, c) => cell.length * this.layout.lineHeight(row.style(c)))) + 2 * CELL_PAD;
    return { lines, height };
  }

  /** One row of cells at the cursor, on a new page when it does not fit. */
  private row(row: Row, widths: number[], measured = this.measure(row, widths)): void {
    const { doc } = this.layout;
    const { lines, height } = measured;
    this.layout.ensure(height);
    const top = this.layout.y;
    if (row.fill) doc.rect(box.left, top, box.width, height).fill(row.fill);
    let x = box.left;
    for (const [c, cell] of lines.entries()) {
      const style = row.style(c);
      const width = widths[c] ?? 0;
      for (const [l, line] of cell.entries())
        this.layout.draw(line, x + CELL_PAD, top + CELL_PAD + l * this.layout.lineHeight(style), style, row.align(c), width - 2 * CELL_PAD);
      x += width;
    }
    doc
      .moveTo(box.left, top + height)
      .lineTo(box.right, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.layout.y = top + height;
  }
}

/**
 * Composes a document and answers it as a stream. pdfkit and the fonts load with the first PDF (not at start-up); the
 * pages stay in memory until the end, for the footer's page count, so a document is meant to be tens of pages.
 */
export async function renderPdf(options: PdfOptions, compose: (pdf: PdfWriter) => void | Promise<void>): Promise<Readable> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), pdfFonts()]);
  const created = options.created ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: 10 * MM,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: options.language,
    displayTitle: true,
    info: {
      Title: options.title,
      ...(options.subject ? { Subject: options.subject } : {}),
      ...(options.author ? { Author: options.author } : {}),
      Creator: 'Safety Shield',
      Producer: 'Safety Shield (PDFKit)',
      CreationDate: created,
      ModDate: created,
    },
  });
  for (const [name, file] of fonts.files) doc.registerFont(name, file);
  const layout = new Layout(doc, fonts, options.language);
  if (options.logo) layout.logo(options.logo, 12);
  await compose(new Writer(layout));
  layout.footers(options.footer?.text ?? '', options.footer?.page ?? ((page, pages) => `${page} / ${pages}`));
  doc.end();
  return doc;
}
