import type { ClauseConsentRecord, ClauseLogQuery, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** `state`: the newest consent of each account or company per clause; `log`: every agreement and cancellation. */
export type ConsentView = 'state' | 'log';

const paths: Record<ConsentView, string> = { state: '/v1/clause/state/list', log: '/v1/clause/log/list' };

export const consentsQuery = (view: ConsentView, params: ClauseLogQuery) =>
  queryOptions({
    queryKey: ['clauses', 'consents', view, params],
    queryFn: () => http.get<Page<ClauseConsentRecord>>(paths[view], { ...params }),
  });

export const useConsents = (view: ConsentView, params: ClauseLogQuery) =>
  useQuery({ ...consentsQuery(view, params), placeholderData: keepPreviousData });
