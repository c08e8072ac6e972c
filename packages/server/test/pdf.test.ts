import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ticks } from '../src/pdf/charts.js';
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
    const pdf = await render((doc) => doc.barChart({ categories: ['a', 'b'], series: [{ name: 'Change', values: [-3, 5] }] }));
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
