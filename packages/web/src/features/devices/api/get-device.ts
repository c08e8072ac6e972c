import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const deviceQuery = (deviceId: number) =>
  queryOptions({
    queryKey: ['devices', 'info', deviceId],
    queryFn: () => api.device.info({ deviceId }),
  });

/** One device with every field (the detail drawer); nothing is fetched without an id. */
export const useDevice = (deviceId: number | undefined) => useQuery({ ...deviceQuery(deviceId ?? 0), enabled: deviceId !== undefined });
