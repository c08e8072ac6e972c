import type { DeviceRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const deviceQuery = (deviceId: number) =>
  queryOptions({
    queryKey: ['devices', 'info', deviceId],
    queryFn: () => http.get<DeviceRecord>('/v1/device/info', { deviceId }),
  });

/** One device with every field (the detail drawer); nothing is fetched without an id. */
export const useDevice = (deviceId: number | undefined) => useQuery({ ...deviceQuery(deviceId ?? 0), enabled: deviceId !== undefined });
