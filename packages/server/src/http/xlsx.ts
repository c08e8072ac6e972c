import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { type Language, mediaTypes } from '@safety-shield/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ExportTexts, exportTexts } from '../texts/exports.js';
import { fileLanguage } from './language.js';

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (record: T) => string | number | Date | null;
}

/** A time column's value: a date the spreadsheet shows as one (UTC), or empty. */
export const sheetTime = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * exceljs (4.x) hands a sheet's XML to its zip entry without backpressure, so a fast reader of the database would pile
 * the whole uncompressed sheet up in memory; this waits until the zip entry has taken what was written.
 */
async function drained(sheet: unknown): Promise<void> {
  // The entries are readable-stream 2 PassThroughs: their state is `_writableState`, without `writableNeedDrain`.
  type Entry = Writable & { _writableState?: { needDrain?: boolean } };
  const entries = (sheet as { stream?: { pipes?: Entry[] } }).stream?.pipes ?? [];
  await Promise.all(entries.filter((entry) => entry._writableState?.needDrain).map((entry) => once(entry, 'drain')));
}

/**
 * An .xlsx workbook written row by row into a stream while the batches are read (ARCHITECTURE section 3: exports
 * stream; a million rows never sit in memory). Errors end the stream, so the client sees a broken download.
 */
export function streamWorkbook<T>(sheetName: string, columns: SheetColumn<T>[], batches: AsyncIterable<T[]>): Readable {
  const out = new PassThrough();
  const closed = new Promise<void>((resolve) => out.once('close', resolve));
  void (async () => {
    // Loaded with the first export: exceljs alone costs the portal's start-up about 0.4 s.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((column, i) => ({
      header: column.header,
      key: String(i),
      width: column.width,
      style: column.header.includes('UTC') ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const batch of batches) {
      for (const record of batch) sheet.addRow(columns.map((column) => column.value(record))).commit();
      // The next batch is read only once the zip and the client have taken this one: memory holds about a batch.
      // A client that went away ends the export (and its reading of the database).
      await Promise.race([drained(sheet).then(() => (out.writableNeedDrain ? once(out, 'drain') : undefined)), closed]);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

const XLSX_TYPE = mediaTypes.xlsx;

/** Sends a workbook as a download named `requested` (the exports' `filename` parameter), else `fallback-YYYY-MM-DD`. */
export function sendWorkbook(reply: FastifyReply, requested: string | undefined, fallback: string, body: Readable) {
  const base = (requested ?? `${fallback}-${new Date().toISOString().slice(0, 10)}`).replace(/\.xlsx$/i, '').replace(/["\r\n]/g, '');
  const name = encodeURIComponent(`${base}.xlsx`);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
    .send(body);
}

/** An export as a workbook of one sheet. */
export interface SheetExport<T> {
  /** The download's name the console asked for (the `filename` parameter), else `fallback-YYYY-MM-DD`. */
  filename: string | undefined;
  fallback: string;
  /** The sheet's name, one of the exports' texts. */
  sheet: keyof ExportTexts['sheets'];
  columns(language: Language): SheetColumn<T>[];
  batches: AsyncIterable<T[]>;
}

/** Streams an export in the language of the console that asked for it (`fileLanguage`): its sheet name and columns. */
export function sendSheet<T>(req: FastifyRequest, reply: FastifyReply, { filename, fallback, sheet, columns, batches }: SheetExport<T>) {
  const language = fileLanguage(req);
  return sendWorkbook(reply, filename, fallback, streamWorkbook(exportTexts[language].sheets[sheet], columns(language), batches));
}
