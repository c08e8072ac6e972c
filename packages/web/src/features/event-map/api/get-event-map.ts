import type { EventMapQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Clusters of the caller's incidents in a time range and a map box. */
export const eventMapQuery = (params: EventMapQuery) =>
  queryOptions({
    queryKey: ['events', 'map', params],
    queryFn: () => api.eventMap.clusters(params),
  });

/** The clusters of the last view stay on the map while the next view loads; nothing is asked before the map has a view. */
export const useEventMap = (params: EventMapQuery | undefined) =>
  useQuery({
    ...eventMapQuery(params ?? { startTime: 0, endTime: 0, zoom: 0 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
