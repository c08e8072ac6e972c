import type { ClauseListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const clausesQuery = (params: ClauseListQuery) =>
  queryOptions({
    queryKey: ['clauses', 'list', params],
    queryFn: () => api.clause.list(params),
  });

/** The active clauses the caller manages; the previous page stays on screen while the next one loads. */
export const useClauses = (params: ClauseListQuery) => useQuery({ ...clausesQuery(params), placeholderData: keepPreviousData });

export const clauseQuery = (clauseId: number) =>
  queryOptions({ queryKey: ['clauses', 'one', clauseId], queryFn: () => api.clause.info({ clauseId }) });

/** One active clause for the edit page. */
export const useClause = (clauseId: number | undefined) => useQuery({ ...clauseQuery(clauseId ?? 0), enabled: clauseId !== undefined });
