import type { SelfInfo } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Silent: the guard decides what a failure means (back to login with the time-out message). */
export const selfInfoQuery = () =>
  queryOptions({
    queryKey: ['selfInfo'],
    queryFn: () => http.get<SelfInfo>('/v1/account/selfInfo', undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSelfInfo = () => useQuery(selfInfoQuery());
