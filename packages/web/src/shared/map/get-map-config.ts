import type { MapConfig } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/client.js';

/**
 * The map background (`GET /v1/system/map`). Silent: a map without its configuration still works (a plain
 * background), so a failure here is not worth a toast; the page's own calls report a lost session.
 */
export const mapConfigQuery = () =>
  queryOptions({
    queryKey: ['system', 'map'],
    queryFn: () => http.get<MapConfig>('/v1/system/map', undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useMapConfig = () => useQuery(mapConfigQuery());
