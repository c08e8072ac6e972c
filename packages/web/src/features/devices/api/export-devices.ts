import type { DeviceExportQuery } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { download } from '../../../shared/http/download.js';

export type DeviceExportKind = 'devices' | 'online';

const paths: Record<DeviceExportKind, string> = {
  devices: '/v1/device/export',
  online: '/v1/device/deviceOnlineExport',
};

/**
 * Saves the device list or its online report as .xlsx, with the list's filters. SPEC section 8: a failure is
 * only logged (by the download helper); the answer says whether the file was saved.
 */
export function exportDevices(kind: DeviceExportKind, filters: Omit<DeviceExportQuery, 'filename'>): Promise<boolean> {
  const filename = `${kind === 'devices' ? 'devices' : 'device-online'}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return download(paths[kind], { ...filters, filename }, filename);
}
