import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** How many devices the bind dialog offers at once; typing narrows them down. */
const OFFERED = 20;

export const unmatchedDevicesQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['devices', 'unmatched', 'options', keyword],
    queryFn: () => api.device.list({ matched: false, keyword: keyword || undefined, page: 1, limit: OFFERED }),
    staleTime: 10_000,
  });

/** Devices not bound to any vehicle, by part of their uuid or name. */
export const useUnmatchedDevices = (keyword: string, enabled: boolean) =>
  useQuery({ ...unmatchedDevicesQuery(keyword), enabled, placeholderData: keepPreviousData });
