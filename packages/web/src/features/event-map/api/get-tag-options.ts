import type { TagRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** The tags of the caller's scope, to filter the map by. */
export const mapTagOptionsQuery = () =>
  queryOptions({
    queryKey: ['events', 'tags', 'options', null],
    queryFn: () => http.get<TagRecord[]>('/v1/event/tag'),
    staleTime: 60_000,
  });

export const useMapTagOptions = () => useQuery(mapTagOptionsQuery());
