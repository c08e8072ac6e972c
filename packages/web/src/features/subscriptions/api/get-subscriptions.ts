import type { SubscriptionListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** The companies' subscriptions, newest first; the previous page stays on screen while the next one loads. */
export const useSubscriptions = (params: SubscriptionListQuery) =>
  useQueryKeepingPrevious(['subscriptions', 'list', params], () => api.subscription.list(params));
