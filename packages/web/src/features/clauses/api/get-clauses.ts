import type { ClauseListQuery } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** The active clauses the caller manages; the previous page stays on screen while the next one loads. */
export const useClauses = (params: ClauseListQuery) => useQueryKeepingPrevious(['clauses', 'list', params], () => api.clause.list(params));

export const clauseQuery = (clauseId: number) =>
  queryOptions({ queryKey: ['clauses', 'one', clauseId], queryFn: () => api.clause.info({ clauseId }) });

/** One active clause for the edit page. */
export const useClause = (clauseId: number | undefined) => useQuery({ ...clauseQuery(clauseId ?? 0), enabled: clauseId !== undefined });
