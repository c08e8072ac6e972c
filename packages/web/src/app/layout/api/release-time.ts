import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const releaseTimeQuery = () =>
  queryOptions({
    queryKey: ['releaseTime'],
    queryFn: () => http.get<string>('/health/getReleaseVersionTime', undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReleaseTime = () => useQuery(releaseTimeQuery());
