import { type DeviceOnlineExportQuery, deviceApi } from '@safety-shield/contract';
import dayjs from 'dayjs';
import { downloadFile } from '../../../shared/http/download.js';

/**
 * Saves the devices' online report as .xlsx: the page's filters, and its span as one column of hours per day. SPEC
 * section 8: a failure is only logged (by the download helper); the answer says whether the file was saved.
 */
export function exportOnline(query: Omit<DeviceOnlineExportQuery, 'filename'>): Promise<boolean> {
  const filename = `device-online-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(deviceApi.exportOnline, { ...query, filename }, filename);
}
