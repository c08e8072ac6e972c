import { type ClauseLogQuery, clauseApi } from '@safety-shield/contract';
import { call } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** `state`: the newest consent of each account or company per clause; `log`: every agreement and cancellation. */
export type ConsentView = 'state' | 'log';

const endpoints = { state: clauseApi.states, log: clauseApi.log } as const;

export const useConsents = (view: ConsentView, params: ClauseLogQuery) =>
  useQueryKeepingPrevious(['clauses', 'consents', view, params], () => call(endpoints[view], params));
