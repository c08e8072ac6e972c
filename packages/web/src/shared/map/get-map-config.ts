import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../http/api.js';

/**
 * The map background (`GET /v1/system/map`). Silent: a map without its configuration still works (a plain
 * background), so a failure here is not worth a toast; the page's own calls report a lost session.
 */
export const mapConfigQuery = () =>
  queryOptions({
    queryKey: ['system', 'map'],
    queryFn: () => api.map.config(undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useMapConfig = () => useQuery(mapConfigQuery());
