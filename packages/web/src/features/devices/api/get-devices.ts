import type { DeviceListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const devicesQuery = (params: DeviceListQuery) =>
  queryOptions({
    queryKey: ['devices', 'list', params],
    queryFn: () => api.device.list(params),
  });

/**
 * Devices in the caller's scope; `matched: false` gives the unmatched ones. The previous page stays while the next loads;
 * `pollMs` refreshes the page on its own (new devices appear without a reload).
 */
export const useDevices = (params: DeviceListQuery, pollMs?: number) =>
  useQuery({ ...devicesQuery(params), placeholderData: keepPreviousData, refetchInterval: pollMs });
