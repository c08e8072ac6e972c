import type { Language, ListedTerminalRecord } from '@safety-shield/contract';
import { type SheetColumn, sheetTime as time } from '../../http/xlsx.js';
import { exportTexts } from '../../texts/exports.js';
import { withUnit } from '../../texts/format.js';

/**
 * `/v1/device/jt808/listed/export`: the list in the import's layout (number in A, plate in B, then what the import
 * ignores), so the file is the template and can be imported again. Numbers are written as text: leading zeros and
 * 20 digits survive a spreadsheet.
 */
export function listedColumns(language: Language): SheetColumn<ListedTerminalRecord>[] {
  const { columns: c } = exportTexts[language];
  return [
    { header: c.terminalNo, width: 24, value: (t) => t.terminalNo },
    { header: c.licencePlate, width: 14, value: (t) => t.plate },
    { header: withUnit(c.registered, 'UTC'), width: 20, value: (t) => time(t.registeredTime) },
    { header: withUnit(c.created, 'UTC'), width: 20, value: (t) => time(t.createTime) },
  ];
}
