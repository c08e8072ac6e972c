import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Silent: the guard decides what a failure means (back to login with the time-out message). */
export const selfInfoQuery = () =>
  queryOptions({
    queryKey: ['selfInfo'],
    queryFn: () => api.account.selfInfo(undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSelfInfo = () => useQuery(selfInfoQuery());
