import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One CSV line. Fields are quoted when they hold a separator, quote or line break, and a leading = + - @ is
 * defused with a quote mark, so a spreadsheet never runs a value as a formula (CSV injection).
 */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields
    .map((field) => {
      let text = field === null || field === undefined ? '' : String(field);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;
}

/**
 * Streams a CSV download: a byte-order mark (so spreadsheet programs read UTF-8), the header, then each batch of rows
 * as it is read; `name` gets the day appended (`operation-log-2026-11-26.csv`).
 */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly (string | number | null | undefined)[]>>,
) {
  const lines = async function* () {
    yield `\uFEFF${csvLine(header)}`;
    for await (const rows of batches) yield rows.map(csvLine).join('');
  };
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(lines()));
}
