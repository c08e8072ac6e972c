import type { UsageQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** Each company's use of the platform in one UTC month. */
export const useUsage = (params: UsageQuery) => useQueryKeepingPrevious(['usage', params], () => api.subscription.usage(params));
