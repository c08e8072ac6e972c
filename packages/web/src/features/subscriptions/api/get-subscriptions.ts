import type { Page, SubscriptionListQuery, SubscriptionRecord } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const subscriptionsQuery = (params: SubscriptionListQuery) =>
  queryOptions({
    queryKey: ['subscriptions', 'list', params],
    queryFn: () => http.get<Page<SubscriptionRecord>>('/v1/subscribe/list', { ...params }),
  });

/** The companies' subscriptions, newest first; the previous page stays on screen while the next one loads. */
export const useSubscriptions = (params: SubscriptionListQuery) =>
  useQuery({ ...subscriptionsQuery(params), placeholderData: keepPreviousData });
