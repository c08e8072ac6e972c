import type { Readable } from 'node:stream';
import { type Chart, chartHeight, drawChart } from './charts.js';
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
  /** Kept on the page of what follows it: a paragraph's first lines, a table's header and first rows, a whole chart or picture. */
  heading(text: string): void;
  paragraph(text: string, options?: { bold?: boolean }): void;
  bullets(items: readonly string[], options?: { numbered?: boolean }): void;
  /** Two columns: the keys in bold, their values beside them. */
  keyValues(pairs: readonly (readonly [key: string, value: Cell])[]): void;
  /**
   * The header repeats on every page the table runs over; a row never splits; a page holds at least KEEP_ROWS of its
   * rows (a table that short stays whole), so neither a page's bottom nor the last page gets a few stray rows.
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly Cell[])[]): void;
  /** Without a value other than zero, the chart is its title and its `empty` text ("No data for this period"), no axes. */
  barChart(chart: Chart): void;
  lineChart(chart: Chart): void;
  /** A PNG or JPEG the content width wide at most and `height` mm high at most, centred, with an optional caption under it. */
  image(image: Buffer, options: { height: number; caption?: string }): void;
  /** Vertical space in mm. */
  space(mm: number): void;
  /** Starts a new page unless `mm` are left on this one: what follows (a chapter's start, say) then begins together. */
  room(mm: number): void;
  pageBreak(): void;
}

const AFTER_BLOCK = 2.5 * MM;
/** The fewest rows of a table a page holds, unless the whole table is shorter (docs/decisions.md, "PDFs"). */
export const KEEP_ROWS = 4;
const CELL_PAD = 1.2 * MM;
const RULE = '#d9d9d9';

interface Row {
  cells: string[];
  style: (column: number) => TextStyle;
  align: (column: number) => Align;
  fill?: string;
}

class Writer implements PdfWriter {
  /** A heading not drawn yet: it goes onto the page of the block that follows it, never alone at a page's bottom. */
  private pending: string | null = null;

  constructor(private readonly layout: Layout) {}

  title(text: string): void {
    const lines = this.layout.wrap(text, styles.title, box.width);
    this.keep(lines.length * this.layout.lineHeight(styles.title));
    this.layout.paragraph(lines, box.left, styles.title);
    this.layout.y += 2 * AFTER_BLOCK;
  }

  heading(text: string): void {
    this.keep(this.headingHeight(text));
    this.pending = text;
  }

  paragraph(text: string, options: { bold?: boolean } = {}): void {
    const style = options.bold ? styles.bodyBold : styles.body;
    const lines = this.layout.wrap(text, style, box.width);
    // A short paragraph stays whole; a long one starts with at least two lines on the page.
    this.keep((lines.length <= 4 ? lines.length : 2) * this.layout.lineHeight(style));
    this.layout.paragraph(lines, box.left, style);
    this.layout.y += AFTER_BLOCK;
  }

  bullets(items: readonly string[], options: { numbered?: boolean } = {}): void {
    const markers = items.map((_, i) => (options.numbered ? `${i + 1}.` : '•'));
    const indent = Math.max(...markers.map((marker) => this.layout.width(marker, styles.body))) + 2 * MM;
    for (const [i, item] of items.entries()) {
      const lines = this.layout.wrap(item, styles.body, box.width - indent);
      // An item of up to six lines (a step, say) never splits over two pages.
      this.keep((lines.length <= 6 ? lines.length : 2) * this.layout.lineHeight(styles.body));
      this.layout.draw(markers[i] ?? '', box.left, this.layout.y, styles.body);
      this.layout.paragraph(lines, box.left + indent, styles.body);
      this.layout.y += 1 * MM;
    }
    this.layout.y += AFTER_BLOCK - 1 * MM;
  }

  keyValues(pairs: readonly (readonly [key: string, value: Cell])[]): void {
    const widths = [box.width / 3, (box.width * 2) / 3];
    const rows = pairs.map(
      ([key, value]): Row => ({
        cells: [key, this.text(value)],
        style: (column) => (column === 0 ? styles.bodyBold : styles.body),
        align: () => 'left',
      }),
    );
    const measured = rows.map((row) => this.measure(row, widths));
    this.keep(measured.slice(0, 2).reduce((sum, row) => sum + row.height, 0));
    for (const [i, row] of rows.entries()) this.row(row, widths, measured[i]);
    this.layout.y += AFTER_BLOCK;
  }

  table(columns: readonly TableColumn[], rows: readonly (readonly Cell[])[]): void {
    const total = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
    const widths = columns.map((column) => (box.width * (column.width ?? 1)) / total);
    const align = (column: number) => columns[column]?.align ?? 'left';
    const header: Row = { cells: columns.map((column) => column.header), style: () => styles.smallBold, align, fill: '#f0f0f0' };
    const heading = this.measure(header, widths);
    const body = rows.map((cells, i): Row => {
      const row: Row = { cells: columns.map((_, c) => this.text(cells[c] ?? null)), style: () => styles.cell, align };
      if (i % 2 === 1) row.fill = '#fafafa';
      return row;
    });
    const measured = body.map((row) => this.measure(row, widths));
    const heights = measured.map((row) => row.height);
    const plan = (y: number) =>
      pageBreaks(heights, { y: y + heading.height, top: box.top + heading.height, bottom: this.layout.bottom, keep: KEEP_ROWS });
    // The header and the first rows under a pending heading, or the whole table when it must start on a new page.
    const first = plan(this.layout.y + this.pendingHeight()).has(0) ? heights.length : KEEP_ROWS;
    this.keep(heading.height + heights.slice(0, first).reduce((sum, height) => sum + height, 0));
    const breaks = plan(this.layout.y);
    for (const [i, row] of body.entries()) {
      if (breaks.has(i) && this.layout.y > box.top) this.layout.newPage();
      if (i === 0 || breaks.has(i)) this.row(header, widths, heading);
      this.row(row, widths, measured[i]);
    }
    if (rows.length === 0) this.row(header, widths);
    this.layout.y += AFTER_BLOCK;
  }

  barChart(chart: Chart): void {
    this.keep(chartHeight(chart));
    drawChart(this.layout, 'bar', chart);
  }

  lineChart(chart: Chart): void {
    this.keep(chartHeight(chart));
    drawChart(this.layout, 'line', chart);
  }

  image(image: Buffer, options: { height: number; caption?: string }): void {
    const { doc } = this.layout;
    const size = imageSize(image);
    const scale = Math.min(box.width / size.width, (options.height * MM) / size.height);
    const [width, height] = [size.width * scale, size.height * scale];
    const caption = options.caption ? this.layout.wrap(options.caption, styles.small, box.width) : [];
    this.keep(height + 1.5 * MM + caption.length * this.layout.lineHeight(styles.small));
    const top = this.layout.y;
    const left = box.left + (box.width - width) / 2;
    // A JPEG goes into the PDF as it is (pdfkit does not decode it): a picture costs its file's size and no time.
    doc.image(image, left, top, { width, height });
    doc.rect(left, top, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
    this.layout.y = top + height + 1.5 * MM;
    for (const line of caption) {
      this.layout.draw(line, box.left, this.layout.y, styles.small, 'center', box.width);
      this.layout.y += this.layout.lineHeight(styles.small);
    }
    this.layout.y += AFTER_BLOCK;
  }

  space(mm: number): void {
    this.keep(0);
    this.layout.y += mm * MM;
  }

  room(mm: number): void {
    this.keep(0);
    this.layout.ensure(mm * MM);
  }

  pageBreak(): void {
    this.keep(0);
    if (this.layout.y > box.top) this.layout.newPage();
  }

  /** Draws what is still pending (a heading at the very end). */
  finish(): void {
    this.keep(0);
  }

  /**
   * Before a block whose first unbreakable part is `height` high: draws a pending heading with room for that part
   * under it (on a new page when they do not fit together), else starts a new page when the part does not fit.
   */
  private keep(height: number): void {
    const text = this.pending;
    if (text === null) {
      this.layout.ensure(height);
      return;
    }
    this.pending = null;
    this.layout.ensure(this.headingHeight(text) + height);
    this.layout.paragraph(this.layout.wrap(text, styles.heading, box.width), box.left, styles.heading);
    this.layout.y += AFTER_BLOCK / 2;
  }

  private pendingHeight(): number {
    return this.pending === null ? 0 : this.headingHeight(this.pending);
  }

  private headingHeight(text: string): number {
    return this.layout.wrap(text, styles.heading, box.width).length * this.layout.lineHeight(styles.heading) + AFTER_BLOCK / 2;
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

/** The pixel size of a PNG (its IHDR) or a baseline or progressive JPEG (its SOF segment). */
export function imageSize(image: Buffer): { width: number; height: number } {
  if (image.length > 24 && image.readUInt32BE(0) === 0x89504e47) return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  if (image.length > 4 && image.readUInt16BE(0) === 0xffd8) {
    let at = 2;
    while (at + 9 < image.length && image[at] === 0xff) {
      const marker = image[at + 1] ?? 0;
      // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame's height and width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: image.readUInt16BE(at + 7), height: image.readUInt16BE(at + 5) };
      at += 2 + image.readUInt16BE(at + 2);
    }
  }
  throw new Error('not a PNG or JPEG image');
}

/**
 * Where a table's rows start new pages: the rows at the returned indexes open a page (under a repeated header; 0: the
 * table starts on a new page). Rows fill each page; when the rows left for the last page are fewer than `keep`, rows
 * move over from the page before while that page keeps `keep` of its own, so no page holds just a few stray rows.
 */
export function pageBreaks(heights: readonly number[], page: { y: number; top: number; bottom: number; keep: number }): Set<number> {
  const breaks = new Set<number>();
  const sum = (from: number, to: number) => heights.slice(from, to).reduce((total, height) => total + height, 0);
  let [y, start] = [page.y, 0];
  for (const [i, height] of heights.entries()) {
    if (i > start && y + height > page.bottom) {
      const left = heights.length - i;
      const at = left < page.keep ? Math.min(i, Math.max(start + page.keep, i - (page.keep - left))) : i;
      // The first page cannot spare enough rows for the last one: a table that fits a page starts on the next one whole.
      if (start === 0 && heights.length - at < page.keep && page.top + sum(0, heights.length) <= page.bottom) return new Set([0]);
      breaks.add(at);
      start = at;
      y = page.top + sum(at, i);
    }
    y += height;
  }
  return breaks;
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
  const writer = new Writer(layout);
  await compose(writer);
  writer.finish();
  layout.footers(options.footer?.text ?? '', options.footer?.page ?? ((page, pages) => `${page} / ${pages}`));
  doc.end();
  return doc;
}
