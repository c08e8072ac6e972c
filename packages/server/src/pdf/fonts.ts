import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * Noto Sans from @fontsource/noto-sans, which ships it cut into subsets (one WOFF per script and weight). A text is
 * split into runs, each set in the first subset that holds its characters; the PDF embeds only the glyphs used.
 */
const subsets = ['latin', 'latin-ext', 'cyrillic'] as const;
type Subset = (typeof subsets)[number];
export type Weight = 'regular' | 'bold';

/** A stretch of text set in one font, named as registered with the document (`latin-bold`). */
export interface Run {
  font: string;
  text: string;
}

export interface Fonts {
  /** Font name → the font file's bytes (TrueType), to register with each document. */
  files: Map<string, Buffer>;
  /** The text split into runs of one font each. */
  runs: (text: string, weight: Weight) => Run[];
}

// The package stays in node_modules (build.mjs never bundles data files), so its files are found beside the package
// both from the sources and from dist/main.js.
const resolve = (file: string) => createRequire(import.meta.url).resolve(`@fontsource/noto-sans/${file}`);
const fileOf = (subset: Subset, weight: Weight) => `files/noto-sans-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`;
const fontName = (subset: Subset, weight: Weight) => `${subset}-${weight}`;

/** 'U+0000-00FF,U+0131' (the package's unicode.json, the same ranges its CSS declares) → [[0, 255], [305, 305]]. */
export function parseRanges(ranges: string): [number, number][] {
  return ranges.split(',').map((range) => {
    const [from = '0', to = from] = range.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  });
}

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps: its tables inflated, laid out behind an sfnt directory.
 * fontkit reads WOFF too, but inflates a table (in JavaScript) on every access, the glyph table once per glyph: a page
 * of text took a quarter of a second.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + 20 * i;
    const [offset, packed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + packed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < length ? inflateSync(stored) : stored };
  });
  const padded = (length: number) => Math.ceil(length / 4) * 4;
  let offset = 12 + 16 * count;
  const sfnt = Buffer.alloc(offset + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE((count - power) * 16, 10);
  // WOFF keeps the directory sorted by tag, as sfnt wants it.
  for (const [i, table] of tables.entries()) {
    const at = 12 + 16 * i;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  }
  return sfnt;
}

async function load(): Promise<Fonts> {
  const ranges = JSON.parse(await readFile(resolve('unicode.json'), 'utf8')) as Record<string, string>;
  const coverage = subsets.map((subset) => ({ subset, ranges: parseRanges(ranges[subset] ?? '') }));
  const subsetOf = (codePoint: number): Subset =>
    coverage.find(({ ranges }) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.subset ?? 'latin';

  const files = new Map<string, Buffer>();
  for (const subset of subsets)
    for (const weight of ['regular', 'bold'] as const)
      files.set(fontName(subset, weight), woffToSfnt(await readFile(resolve(fileOf(subset, weight)))));

  const runs = (text: string, weight: Weight): Run[] => {
    const result: Run[] = [];
    // The narrow no-break space (French numbers in Intl) is in no subset's font, though the ranges claim it.
    for (const character of text.replaceAll('\u202f', '\u00a0')) {
      const last = result.at(-1);
      // A space joins the run it is in: every subset has both spaces, and fewer runs mean fewer font switches.
      if (last && (character === ' ' || character === '\u00a0')) last.text += character;
      else {
        const font = fontName(subsetOf(character.codePointAt(0) ?? 0), weight);
        if (last?.font === font) last.text += character;
        else result.push({ font, text: character });
      }
    }
    return result;
  };
  return { files, runs };
}

let loading: Promise<Fonts> | undefined;

/** Reads the fonts once, with the first PDF. */
export function pdfFonts(): Promise<Fonts> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
