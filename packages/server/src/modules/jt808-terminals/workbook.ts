import { LISTED_IMPORT_MAX_ROWS } from '@safety-shield/contract';
import { AppError } from '../../http/errors.js';

/** One row of an import as read: its row number in the sheet, the number cell and the plate cell as text. */
export interface ImportRow {
  row: number;
  terminalNo: string;
  plate: string;
}

/** A cell's text: numbers written out in full (a number too large to be exact is kept as Excel wrote it, and fails the check). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : value.toString();
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return String(value).trim();
}

/**
 * The rows of an import: the first sheet's columns A (terminal number) and B (plate). Empty rows are skipped, and so
 * is a first row whose number cell holds no digit (a header: the export's, which is the template). More than
 * LISTED_IMPORT_MAX_ROWS rows: PARAM_CHECK_FAIL; a file that is no workbook: UPLOAD_FILE_FAIL.
 */
export async function readImport(file: Buffer): Promise<ImportRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new AppError('UPLOAD_FILE_FAIL', 'not an .xlsx workbook', { field: 'file' });
  }
  const [sheet] = book.worksheets;
  const rows: ImportRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const terminalNo = cellText(row.getCell(1).value);
    const plate = cellText(row.getCell(2).value);
    if (!terminalNo && !plate) return;
    if (rowNumber === 1 && !/\d/.test(terminalNo)) return;
    if (rows.length >= LISTED_IMPORT_MAX_ROWS)
      throw new AppError('PARAM_CHECK_FAIL', 'file', { field: 'file', maxRows: LISTED_IMPORT_MAX_ROWS });
    rows.push({ row: rowNumber, terminalNo, plate });
  });
  return rows;
}
