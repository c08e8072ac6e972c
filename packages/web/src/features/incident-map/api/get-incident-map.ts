import type { EventMapQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Clusters of the caller's incidents in a time range and a map box. */
export const incidentMapQuery = (params: EventMapQuery) =>
  queryOptions({
    queryKey: ['incidents', 'map', params],
    queryFn: () => api.eventMap.clusters(params),
  });

/** The clusters of the last view stay on the map while the next view loads; nothing is asked before the map has a view. */
export const useIncidentMap = (params: EventMapQuery | undefined) =>
  useQuery({
    ...incidentMapQuery(params ?? { startTime: 0, endTime: 0, zoom: 0 }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
