import { type DeviceExportQuery, deviceApi } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { downloadFile } from '../../../shared/http/download.js';

export type DeviceExportKind = 'devices' | 'online';

const sheets = { devices: deviceApi.export, online: deviceApi.exportOnline } as const;

/**
 * Saves the device list or its online report as .xlsx, with the list's filters. SPEC section 8: a failure is
 * only logged (by the download helper); the answer says whether the file was saved.
 */
export function exportDevices(kind: DeviceExportKind, filters: Omit<DeviceExportQuery, 'filename'>): Promise<boolean> {
  const filename = `${kind === 'devices' ? 'devices' : 'device-online'}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(sheets[kind], { ...filters, filename }, filename);
}
