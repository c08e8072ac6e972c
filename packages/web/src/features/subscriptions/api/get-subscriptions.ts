import type { SubscriptionListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const subscriptionsQuery = (params: SubscriptionListQuery) =>
  queryOptions({
    queryKey: ['subscriptions', 'list', params],
    queryFn: () => api.subscription.list(params),
  });

/** The companies' subscriptions, newest first; the previous page stays on screen while the next one loads. */
export const useSubscriptions = (params: SubscriptionListQuery) =>
  useQuery({ ...subscriptionsQuery(params), placeholderData: keepPreviousData });
