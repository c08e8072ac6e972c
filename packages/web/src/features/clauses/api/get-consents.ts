import { type ClauseLogQuery, clauseApi } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/api.js';

/** `state`: the newest consent of each account or company per clause; `log`: every agreement and cancellation. */
export type ConsentView = 'state' | 'log';

const endpoints = { state: clauseApi.states, log: clauseApi.log } as const;

export const consentsQuery = (view: ConsentView, params: ClauseLogQuery) =>
  queryOptions({
    queryKey: ['clauses', 'consents', view, params],
    queryFn: () => call(endpoints[view], params),
  });

export const useConsents = (view: ConsentView, params: ClauseLogQuery) =>
  useQuery({ ...consentsQuery(view, params), placeholderData: keepPreviousData });
