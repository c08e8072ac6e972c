import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Retires a clause; its consent log stays. */
export const deleteClause = (clauseId: number) => http.delete<null>('/v1/clause', { clauseId });

export function useDeleteClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClause,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clauses'] }),
  });
}
