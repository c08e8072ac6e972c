import type { UsageQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const usageQuery = (params: UsageQuery) =>
  queryOptions({
    queryKey: ['usage', params],
    queryFn: () => api.subscription.usage(params),
  });

/** Each company's use of the platform in one UTC month. */
export const useUsage = (params: UsageQuery) => useQuery({ ...usageQuery(params), placeholderData: keepPreviousData });
