import type { ClauseConsentBody } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const pendingClausesQuery = () => queryOptions({ queryKey: ['clauses', 'pending'], queryFn: () => api.clause.pending() });

/** What waits for the caller: its own clauses, and for a Company Admin the company's. */
export const usePendingClauses = () => useQuery(pendingClausesQuery());

export const answerClause = (body: ClauseConsentBody) => api.clause.consent(body);

/** Agrees to or cancels a clause; the pending list and the caller's finish flags (selfInfo) are read again. */
export const useAnswerClause = () => useRefreshingMutation(answerClause, [['clauses'], ['selfInfo']]);
