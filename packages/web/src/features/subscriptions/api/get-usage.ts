import type { Page, UsageQuery, UsageRecord } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const usageQuery = (params: UsageQuery) =>
  queryOptions({
    queryKey: ['usage', params],
    queryFn: () => http.get<Page<UsageRecord>>('/v1/subscribe/usage', { ...params }),
  });

/** Each company's use of the platform in one UTC month. */
export const useUsage = (params: UsageQuery) => useQuery({ ...usageQuery(params), placeholderData: keepPreviousData });
