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
