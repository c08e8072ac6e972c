import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const releaseTimeQuery = () =>
  queryOptions({
    queryKey: ['releaseTime'],
    queryFn: () => api.health.releaseTime(undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReleaseTime = () => useQuery(releaseTimeQuery());
