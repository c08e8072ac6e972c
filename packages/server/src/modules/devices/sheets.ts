import type { DeviceRecord } from '@safety-shield/contract';
import { type SheetColumn, sheetTime as time } from '../../http/xlsx.js';

/** `/v1/device/export`: the device list as the console shows it. */
export const deviceColumns: SheetColumn<DeviceRecord>[] = [
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

/** A row of `/v1/device/deviceOnlineExport`: the device, and its online seconds per day of the asked span. */
export interface OnlineRow {
  device: DeviceRecord;
  days: Array<{ day: string; seconds: number }>;
}

const hours = (seconds: number) => Math.round(seconds / 36) / 100;

/**
 * `/v1/device/deviceOnlineExport`: when each device was online and for how long; with a span, also its hours in each
 * of the span's days (the caller's days, as `/device/lineSummary` shows them) and in the whole span.
 */
export function onlineColumns(spanDays: string[] | undefined): SheetColumn<OnlineRow>[] {
  const columns: SheetColumn<OnlineRow>[] = [
    { header: 'Device UUID', width: 24, value: (r) => r.device.deviceUuid },
    { header: 'License plate', width: 14, value: (r) => r.device.licensePlate },
    { header: 'Company', width: 22, value: (r) => r.device.companyName },
    { header: 'State', width: 9, value: (r) => (r.device.online ? 'online' : 'offline') },
    { header: 'First online (UTC)', width: 20, value: (r) => time(r.device.firstOnlineTime) },
    { header: 'Last online (UTC)', width: 20, value: (r) => time(r.device.lastOnlineTime) },
    { header: 'Last offline (UTC)', width: 20, value: (r) => time(r.device.lastOfflineTime) },
    { header: 'Connected hours', width: 16, value: (r) => hours(r.device.connectedSeconds) },
  ];
  if (!spanDays) return columns;
  return [
    ...columns,
    ...spanDays.map((day) => ({
      header: `${day} hours`,
      width: 16,
      value: (r: OnlineRow) => hours(r.days.find((d) => d.day === day)?.seconds ?? 0),
    })),
    { header: 'Hours in span', width: 14, value: (r) => hours(r.days.reduce((sum, d) => sum + d.seconds, 0)) },
  ];
}
