/**
 * Our PDFs (issue 19): pdfkit behind a small API, so every document looks alike and writes every language.
 *
 *   const stream = await renderPdf({ title, language: 'ru', footer: { text: 'Safety Shield', page: (p, n) => `${p} / ${n}` } }, (pdf) => {
 *     pdf.title('…'); pdf.heading('…'); pdf.paragraph('…'); pdf.bullets(['…'], { numbered: true });
 *     pdf.keyValues([['Fleet', 'North']]); pdf.table([{ header: 'Plate' }, { header: 'Km', align: 'right' }], rows);
 *     pdf.barChart({ title, categories, series: [{ name, values }], unit, height, empty }); pdf.lineChart({ … });
 *     pdf.image(jpeg, { height: 95, caption }); pdf.room(60); pdf.pageBreak();
 *   });
 *
 * - A4 portrait, 10 mm margins (SPEC section 9): the content box is 190 × 277 mm; the footer (a text, "page X / Y")
 *   takes its bottom 7 mm. Blocks start a new page when they do not fit; headings stay with what follows them.
 * - Noto Sans regular and bold (@fontsource/noto-sans: latin, latin-ext and cyrillic subsets), embedded and subset, so
 *   the text is selectable and searchable in all seven languages; no system font is used.
 * - Charts are vector paths (bars, lines, axes), never images; a chart without data says `empty` instead of axes.
 *   Pictures (PNG or JPEG: the guide's screenshots) are embedded as they are. Metadata: title, subject, author, /Lang,
 *   creation date.
 * - pdfkit and the fonts load with the first document, not at start-up.
 */
export type { Chart, ChartSeries } from './charts.js';
export { type Cell, type PdfOptions, type PdfWriter, renderPdf, type TableColumn } from './document.js';
