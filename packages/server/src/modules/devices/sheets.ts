import type { DeviceRecord, Language } from '@safety-shield/contract';
import { type SheetColumn, sheetTime as time } from '../../http/xlsx.js';
import { exportTexts } from '../../texts/exports.js';
import { withUnit } from '../../texts/format.js';

/** `/v1/device/export`: the device list as the console shows it, in the reader's words. */
export function deviceColumns(language: Language): SheetColumn<DeviceRecord>[] {
  const { columns: c, online, offline, dbm } = exportTexts[language];
  return [
    { header: c.deviceUuid, width: 24, value: (d) => d.deviceUuid },
    { header: c.name, width: 20, value: (d) => d.name },
    { header: c.licencePlate, width: 14, value: (d) => d.licensePlate },
    { header: c.company, width: 22, value: (d) => d.companyName },
    { header: c.fleet, width: 18, value: (d) => d.fleetName },
    { header: c.state, width: 9, value: (d) => (d.online ? online : offline) },
    { header: c.channels, width: 9, value: (d) => d.channels },
    { header: c.version, width: 12, value: (d) => d.version },
    { header: 'ICCID', width: 22, value: (d) => d.iccid },
    { header: withUnit(c.network, dbm), width: 12, value: (d) => d.position?.dbm ?? null },
    { header: withUnit(c.created, 'UTC'), width: 20, value: (d) => time(d.createTime) },
  ];
}

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
export function onlineColumns(language: Language, spanDays: string[] | undefined): SheetColumn<OnlineRow>[] {
  const { columns: c, online, offline, dayHours } = exportTexts[language];
  const columns: SheetColumn<OnlineRow>[] = [
    { header: c.deviceUuid, width: 24, value: (r) => r.device.deviceUuid },
    { header: c.licencePlate, width: 14, value: (r) => r.device.licensePlate },
    { header: c.company, width: 22, value: (r) => r.device.companyName },
    { header: c.state, width: 9, value: (r) => (r.device.online ? online : offline) },
    { header: withUnit(c.firstOnline, 'UTC'), width: 20, value: (r) => time(r.device.firstOnlineTime) },
    { header: withUnit(c.lastOnline, 'UTC'), width: 20, value: (r) => time(r.device.lastOnlineTime) },
    { header: withUnit(c.lastOffline, 'UTC'), width: 20, value: (r) => time(r.device.lastOfflineTime) },
    { header: c.connectedHours, width: 16, value: (r) => hours(r.device.connectedSeconds) },
  ];
  if (!spanDays) return columns;
  return [
    ...columns,
    ...spanDays.map((day) => ({
      header: dayHours(day),
      width: 16,
      value: (r: OnlineRow) => hours(r.days.find((d) => d.day === day)?.seconds ?? 0),
    })),
    { header: c.spanHours, width: 14, value: (r) => hours(r.days.reduce((sum, d) => sum + d.seconds, 0)) },
  ];
}
