import type { OnlineSummaryQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** While the span holds today its last column still grows: read it again this often. */
const TODAY_REFRESH_MS = 60_000;

export const onlineSummaryQuery = (params: OnlineSummaryQuery) =>
  queryOptions({ queryKey: ['lineSummary', params], queryFn: () => api.device.onlineSummary(params) });

/**
 * Online time per device and day of the span, a page of devices at a time; the previous page stays while the next
 * loads. `enabled` is false for a span the server would refuse.
 */
export const useOnlineSummary = (params: OnlineSummaryQuery, { enabled, live }: { enabled: boolean; live: boolean }) =>
  useQuery({
    ...onlineSummaryQuery(params),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: live ? TODAY_REFRESH_MS : false,
  });
