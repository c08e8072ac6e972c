import type { OrgKind } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Refused by the server (with a toast from the HTTP layer) while children or accounts remain. */
export const deleteOrg = (kind: OrgKind, id: number) => api.org[`${kind}Remove`]({ id });

export function useDeleteOrg(kind: OrgKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrg(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs'] }),
  });
}
