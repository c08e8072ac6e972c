import type { DeviceVersionCount } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const deviceVersionsQuery = () =>
  queryOptions({
    queryKey: ['devices', 'versions'],
    queryFn: () => http.get<DeviceVersionCount[]>('/v1/device/getDeviceVersion'),
    staleTime: 60_000,
  });

/** The firmware versions in the caller's scope with how many devices run each (the version filter). */
export const useDeviceVersions = () => useQuery(deviceVersionsQuery());
