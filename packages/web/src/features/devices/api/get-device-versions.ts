import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const deviceVersionsQuery = () =>
  queryOptions({
    queryKey: ['devices', 'versions'],
    queryFn: () => api.device.versions(),
    staleTime: 60_000,
  });

/** The firmware versions in the caller's scope with how many devices run each (the version filter). */
export const useDeviceVersions = () => useQuery(deviceVersionsQuery());
