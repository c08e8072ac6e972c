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

/** `/v1/device/deviceOnlineExport`: when each device was online and for how long. */
export const onlineColumns: SheetColumn<DeviceRecord>[] = [
  { header: 'Device UUID', width: 24, value: (d) => d.deviceUuid },
  { header: 'License plate', width: 14, value: (d) => d.licensePlate },
  { header: 'Company', width: 22, value: (d) => d.companyName },
  { header: 'State', width: 9, value: (d) => (d.online ? 'online' : 'offline') },
  { header: 'First online (UTC)', width: 20, value: (d) => time(d.firstOnlineTime) },
  { header: 'Last online (UTC)', width: 20, value: (d) => time(d.lastOnlineTime) },
  { header: 'Last offline (UTC)', width: 20, value: (d) => time(d.lastOfflineTime) },
  { header: 'Connected hours', width: 16, value: (d) => Math.round(d.connectedSeconds / 36) / 100 },
];
