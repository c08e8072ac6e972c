import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The tags of the caller's scope, to filter the map by. */
export const mapTagOptionsQuery = () =>
  queryOptions({
    queryKey: ['incidents', 'tags', 'options', null],
    queryFn: () => api.event.tags({}),
    staleTime: 60_000,
  });

export const useMapTagOptions = () => useQuery(mapTagOptionsQuery());
