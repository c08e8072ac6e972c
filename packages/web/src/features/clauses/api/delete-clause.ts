import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Retires a clause; its consent log stays. */
export const deleteClause = (clauseId: number) => api.clause.remove({ clauseId });

export function useDeleteClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClause,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clauses'] }),
  });
}
