import type { ClauseCreateBody, ClauseUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const createClause = (body: ClauseCreateBody) => api.clause.create(body);
/** Publishes a new version: the old one retires and everyone is asked again. */
export const updateClause = (body: ClauseUpdateBody) => api.clause.update(body);

/** Creates (no clauseId) or publishes a new version of a clause; lists, pending clauses and the caller's flags refresh. */
export function useSaveClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClauseCreateBody | ClauseUpdateBody) =>
      'clauseId' in body ? updateClause(body as ClauseUpdateBody) : createClause(body as ClauseCreateBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clauses'] }),
  });
}
