import { type DeviceUpgradeQuery, firmwareApi } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../shared/http/api.js';
import { downloadFile } from '../../../shared/http/download.js';
import { FIRMWARE_KEY } from './packages.js';

export const UPGRADE_LIST_KEY = [...FIRMWARE_KEY, 'devices'] as const;

export const useUpgradeDevices = (query: DeviceUpgradeQuery) =>
  useQuery({ queryKey: [...UPGRADE_LIST_KEY, query], queryFn: () => api.firmware.devices(query), placeholderData: keepPreviousData });

/** The upgrade list as .xlsx with its filters; SPEC section 8: a failure is only logged, the answer says whether it was saved. */
export function exportUpgradeList(filters: Omit<DeviceUpgradeQuery, 'page' | 'limit'>): Promise<boolean> {
  const filename = `device-upgrades-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`;
  return downloadFile(firmwareApi.export, { ...filters, filename }, filename);
}
