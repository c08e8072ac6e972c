import { PassThrough, type Readable } from 'node:stream';
import type { DeviceRecord } from '@safety-shield/contract';
import ExcelJS from 'exceljs';

export interface SheetColumn {
  header: string;
  width: number;
  value: (device: DeviceRecord) => string | number | Date | null;
}

const time = (ms: number | null) => (ms === null ? null : new Date(ms));

/** `/v1/device/export`: the device list as the console shows it. */
export const deviceColumns: SheetColumn[] = [
  { header: 'Device UUID', width: 24, value: (d) => d.deviceUuid },
  { header: 'Name', width: 20, value: (d) => d.name },
  { header: 'License plate', width: 14, value: (d) => d.licensePlate },
  { header: 'Company', width: 22, value: (d) => d.companyName },
  { header: 'Fleet', width: 18, value: (d) => d.fleetName },
  { header: 'State', width: 9, value: (d) => (d.online ? 'online' : 'offline') },
  { header: 'Channels', width: 9, value: (d) => d.channels },
  { header: 'Version', width: 12, value: (d) => d.version },
  { header: 'ICCID', width: 22, value: (d) => d.iccid },
  { header: 'Network dBm', width: 12, value: (d) => d.position?.dbm ?? null },
  { header: 'Created (UTC)', width: 20, value: (d) => time(d.createTime) },
];

/** `/v1/device/deviceOnlineExport`: when each device was online and for how long. */
export const onlineColumns: SheetColumn[] = [
  { header: 'Device UUID', width: 24, value: (d) => d.deviceUuid },
  { header: 'License plate', width: 14, value: (d) => d.licensePlate },
  { header: 'Company', width: 22, value: (d) => d.companyName },
  { header: 'State', width: 9, value: (d) => (d.online ? 'online' : 'offline') },
  { header: 'First online (UTC)', width: 20, value: (d) => time(d.firstOnlineTime) },
  { header: 'Last online (UTC)', width: 20, value: (d) => time(d.lastOnlineTime) },
  { header: 'Last offline (UTC)', width: 20, value: (d) => time(d.lastOfflineTime) },
  { header: 'Connected hours', width: 16, value: (d) => Math.round(d.connectedSeconds / 36) / 100 },
];

/**
 * An .xlsx workbook written row by row into a stream while the batches are read (ARCHITECTURE section 3: exports
 * stream; a million devices never sit in memory). Errors end the stream, so the client sees a broken download.
 */
export function streamWorkbook(sheetName: string, columns: SheetColumn[], batches: AsyncIterable<DeviceRecord[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width,
    style: column.header.includes('UTC') ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const batch of batches) {
      for (const record of batch) sheet.addRow(columns.map((column) => column.value(record))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
