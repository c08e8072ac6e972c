import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isEmptyChart, ticks } from '../src/pdf/charts.js';
import { imageSize, pageBreaks } from '../src/pdf/document.js';
import { parseRanges, woffToSfnt } from '../src/pdf/fonts.js';
import { type PdfOptions, type PdfWriter, renderPdf } from '../src/pdf/index.js';
import { isA4, readPdf } from './pdf-reader.js';

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray());
const render = async (compose: (pdf: PdfWriter) => void, options: Partial<PdfOptions> = {}) =>
  readPdf(await bytesOf(await renderPdf({ title: 'Test', language: 'en', ...options }, compose)));

/** A 2 × 2 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

describe('the PDF layer', () => {
  it('writes Cyrillic, Norwegian and French text in embedded Noto Sans, with the document’s metadata', async () => {
    const created = new Date('2026-03-01T08:00:00Z');
    const pdf = await render(
      (doc) => {
        doc.title('Отчёт о безопасности');
        doc.paragraph('Kjøretøy på flåten: «Ærlig» — déjà vu, Ёжиков.');
        doc.keyValues([['Пробег', 12345.5]]);
      },
      { title: 'Отчёт', language: 'ru', created },
    );
    expect(pdf).toMatchObject({ title: 'Отчёт', language: 'ru', created: 'D:20260301080000Z' });
    const [page] = pdf.pages;
    expect(page && isA4(page)).toBe(true);
    expect(page?.text).toContain('Отчёт о безопасности');
    expect(page?.text).toContain('Kjøretøy på flåten: «Ærlig» — déjà vu, Ёжиков.');
    // Russian groups thousands with a no-break space and writes a decimal comma.
    expect(page?.text).toMatch(/Пробег 12\s345,5/);
    expect(page?.fonts.length).toBeGreaterThan(0);
    for (const font of page?.fonts ?? [])
      expect(font).toMatchObject({ name: expect.stringMatching(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/), embedded: true });
  });

  it('breaks a long table over pages, repeating its header, and numbers every page in the footer', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `AB ${10_000 + i}`,
      i % 9 === 0 ? 'a name long enough to wrap '.repeat(6) : 'Åse',
      i * 1.5,
    ]);
    const pdf = await render(
      (doc) => {
        doc.heading('Vehicles');
        doc.table([{ header: 'Plate' }, { header: 'Driver', width: 3 }, { header: 'Distance km', align: 'right' }], rows);
      },
      { footer: { text: 'Safety Shield', page: (page, pages) => `Page ${page} of ${pages}` } },
    );
    expect(pdf.pages.length).toBeGreaterThanOrEqual(3);
    for (const [i, page] of pdf.pages.entries()) {
      expect(isA4(page)).toBe(true);
      expect(page.text).toContain('Plate Driver Distance km');
      expect(page.text).toContain(`Safety Shield Page ${i + 1} of ${pdf.pages.length}`);
    }
    const all = pdf.pages.map((page) => page.text).join(' ');
    for (const [plate] of rows) expect(all).toContain(`${plate} `);
    expect(all).toContain('AB 10119 Åse 178.5');
  });

  it('draws bar and line charts as vector paths with axes, labels and legend, not as images', async () => {
    const categories = ['Mon', 'Tue', 'Wed', 'Thu'];
    const bars = await render((doc) =>
      doc.barChart({
        title: 'Incidents per day',
        unit: 'incidents',
        categories,
        series: [
          { name: 'Collisions', values: [1, 2, 3, 4] },
          { name: 'Harsh braking', values: [4, 0, null, 2] },
        ],
        empty: 'No data',
      }),
    );
    const [barPage] = bars.pages;
    expect(barPage?.images).toBe(0);
    // Six bars (a zero and a null draw none) and two legend swatches are filled paths; grid and axes are stroked.
    expect(barPage?.fills).toBe(8);
    expect(barPage?.strokes).toBeGreaterThanOrEqual(3);
    for (const text of ['Incidents per day', 'incidents', ...categories, 'Collisions', 'Harsh braking', '0', '2', '4'])
      expect(barPage?.text).toContain(text);

    const lines = await render((doc) =>
      doc.lineChart({
        categories,
        series: [
          { name: 'Средняя скорость', values: [40, 55, null, 61] },
          { name: 'Max', values: [80, 90, 85, 95], color: '#f5222d' },
        ],
        empty: 'No data',
      }),
    );
    const [linePage] = lines.pages;
    expect(linePage?.images).toBe(0);
    // Per series one polyline, or two where a null breaks it, all in one stroked path; a marker per value.
    expect(linePage?.strokes).toBeGreaterThanOrEqual(2);
    expect(linePage?.fills).toBe(7 + 2);
    expect(linePage?.text).toContain('Средняя скорость');
  });

  it('draws negative bars below the zero line', async () => {
    const pdf = await render((doc) =>
      doc.barChart({ categories: ['a', 'b'], series: [{ name: 'Change', values: [-3, 5] }], empty: 'No data' }),
    );
    expect(pdf.pages[0]?.fills).toBe(2 + 1);
    expect(pdf.pages[0]?.text).toMatch(/-2|−2/);
  });

  it('puts the logo at the top of the first page only', async () => {
    const pdf = await render(
      (doc) => {
        doc.paragraph('First');
        doc.pageBreak();
        doc.paragraph('Second');
      },
      { logo: png },
    );
    expect(pdf.pages.map((page) => page.images)).toEqual([1, 0]);
  });

  it('keeps a heading on the page of the text under it', async () => {
    // Whatever the fill above it, the heading never ends a page (body text is 21 pt a paragraph, a page ~765 pt).
    for (let count = 30; count <= 38; count++) {
      const pdf = await render((doc) => {
        for (let i = 0; i < count; i++) doc.paragraph(`Line ${i}`);
        doc.heading('Chapter two');
        doc.paragraph('Its text.');
      });
      expect(pdf.pages.find((page) => page.text.includes('Chapter two'))?.text, `after ${count} lines`).toContain('Chapter two Its text.');
    }
  });
});

describe('the PDF layer keeps things together (issue 29)', () => {
  /** The table's rows per page: a row reads `R<i> `. */
  const rowsPerPage = (pages: { text: string }[]) => pages.map((page) => page.text.match(/\bR\d+ /g)?.length ?? 0);

  it('never leaves a table fewer than four rows on a page, whatever the fill above it', async () => {
    // A page holds ~39 rows of this table; the fill moves where it breaks, the row counts make the last page hold 1–3.
    for (const [lines, count] of [
      [0, 40],
      [0, 41],
      [0, 42],
      [10, 30],
      [20, 22],
      [30, 12],
      [44, 3],
      [46, 5],
      [47, 2],
    ] as const) {
      const pdf = await render((doc) => {
        for (let i = 0; i < lines; i++) doc.paragraph(`Line ${i}`);
        doc.heading('The rows');
        doc.table(
          [{ header: 'Row' }, { header: 'Value', align: 'right' }],
          Array.from({ length: count }, (_, i) => [`R${i}`, i]),
        );
      });
      const counts = rowsPerPage(pdf.pages).filter((n) => n > 0);
      expect(
        counts.reduce((sum, n) => sum + n, 0),
        `${lines} lines, ${count} rows`,
      ).toBe(count);
      for (const n of counts) expect(n, `${lines} lines, ${count} rows: ${counts.join(' + ')}`).toBeGreaterThanOrEqual(Math.min(4, count));
      // The header on every page the table runs over, the heading on the page of its first rows.
      for (const page of pdf.pages.filter((page) => /\bR\d+ /.test(page.text))) expect(page.text).toContain('Row Value');
      expect(pdf.pages.find((page) => page.text.includes('The rows'))?.text).toMatch(/The rows Row Value R0 0/);
    }
  });

  it('plans page breaks so that the last page is no page of leftovers', () => {
    const page = { y: 0, top: 0, bottom: 100, keep: 4 };
    // Ten rows a page: 23 rows would leave 3 alone; one row moves over.
    expect([...pageBreaks(Array(23).fill(10), page)]).toEqual([10, 19]);
    expect([...pageBreaks(Array(21).fill(10), page)]).toEqual([10, 17]);
    expect([...pageBreaks(Array(24).fill(10), page)]).toEqual([10, 20]);
    // A page that cannot spare rows keeps KEEP of its own; a table that fits a page then starts on the next one.
    expect([...pageBreaks(Array(8).fill(10), { ...page, y: 40 })]).toEqual([4]);
    expect([...pageBreaks(Array(7).fill(10), { ...page, y: 40 })]).toEqual([0]);
    expect([...pageBreaks(Array(6).fill(10), { ...page, y: 40 })]).toEqual([]);
    expect([...pageBreaks(Array(10).fill(10), page)]).toEqual([]);
  });

  it('keeps a heading with the chart or table under it', async () => {
    // ~36 lines a page: the heading comes 28–36 lines down the second page, where a 60 mm chart no longer fits under it.
    for (let count = 60; count <= 72; count += 2) {
      const pdf = await render((doc) => {
        for (let i = 0; i < count; i++) doc.paragraph(`Line ${i}`);
        doc.heading('Chart heading');
        doc.barChart({ categories: ['a', 'b'], series: [{ name: 'Series', values: [1, 2] }], height: 60, empty: 'No data' });
        for (let i = 0; i < 26; i++) doc.paragraph(`Line ${i}`);
        doc.heading('Table heading');
        doc.table([{ header: 'Key' }, { header: 'Count' }], [['k', 1]]);
      });
      const chart = pdf.pages.find((page) => page.text.includes('Chart heading'))?.text ?? '';
      expect(chart, `after ${count} lines`).toMatch(/Chart heading .*Series/);
      expect(pdf.pages.find((page) => page.text.includes('Table heading'))?.text, `after ${count} lines`).toContain(
        'Table heading Key Count k 1',
      );
    }
  });

  it('writes “no data” in place of an empty chart, without axes', async () => {
    for (const series of [[{ name: 'Collisions', values: [0, 0, 0] }], [{ name: 'Score', values: [null, null, null] }], []]) {
      const chart = {
        title: 'Incidents per day',
        unit: 'incidents',
        categories: ['Mon', 'Tue', 'Wed'],
        series,
        empty: 'Нет данных за этот период',
      };
      expect(isEmptyChart(chart)).toBe(true);
      for (const draw of ['barChart', 'lineChart'] as const) {
        const pdf = await render((doc) => doc[draw](chart), { language: 'ru' });
        // The title and the message, nothing else: no 0–1 ticks, no categories, no legend, no axis line.
        expect(pdf.pages[0]?.text).toBe('Incidents per day Нет данных за этот период 1 / 1');
        expect(pdf.pages[0]?.strokes).toBe(1);
      }
    }
    // Without a title, its value axis' caption says what has no data.
    const untitled = await render((doc) =>
      doc.lineChart({ unit: 'km', categories: ['Mon'], series: [{ name: 'Distance', values: [0] }], empty: 'No data' }),
    );
    expect(untitled.pages[0]?.text).toBe('km No data 1 / 1');
    expect(isEmptyChart({ categories: [], series: [{ name: 'x', values: [] }] })).toBe(true);
    expect(isEmptyChart({ categories: ['a'], series: [{ name: 'x', values: [0.5] }] })).toBe(false);
  });

  it('starts a new page when asked for room that is not left, and only then', async () => {
    const pages = async (lines: number) =>
      (
        await render((doc) => {
          for (let i = 0; i < lines; i++) doc.paragraph(`Line ${i}`);
          doc.room(60);
          doc.paragraph('After the room');
        })
      ).pages.map((page) => page.text.includes('After the room'));
    // ~36 lines a page: after 10 there are 60 mm left, after 30 there are not.
    expect(await pages(10)).toEqual([true]);
    expect(await pages(30)).toEqual([false, true]);
  });

  it('embeds a JPEG picture at its proportions with a caption', async () => {
    const jpeg = await readFile(new URL('./fixtures/guide-sample.jpg', import.meta.url));
    expect(imageSize(jpeg)).toEqual({ width: 64, height: 40 });
    expect(imageSize(png)).toEqual({ width: 2, height: 2 });
    expect(() => imageSize(Buffer.from('GIF89a'))).toThrow();
    const pdf = await render((doc) => {
      doc.heading('With a picture');
      doc.image(jpeg, { height: 60, caption: 'The device list' });
    });
    expect(pdf.pages.map((page) => page.images)).toEqual([1]);
    expect(pdf.pages[0]?.text).toContain('With a picture The device list');
  });
});

describe('the PDF layer’s pieces', () => {
  it('choose round ticks that cover the values', () => {
    expect(ticks(0, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(ticks(0, 6)).toEqual([0, 2, 4, 6]);
    expect(ticks(0, 1250)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(ticks(-3, 5)).toEqual([-4, -2, 0, 2, 4, 6]);
    expect(ticks(0, 0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('read the subsets’ ranges as the package declares them', () => {
    expect(parseRanges('U+0000-00FF,U+0131, U+2000-206F')).toEqual([
      [0, 255],
      [0x131, 0x131],
      [0x2000, 0x206f],
    ]);
  });

  it('unwrap a WOFF font into the TrueType font it holds', async () => {
    const woff = await readFile(createRequire(import.meta.url).resolve('@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff'));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
  });
});
