import type { OrgKind } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Refused by the server (with a toast from the HTTP layer) while children or accounts remain. */
export const deleteOrg = (kind: OrgKind, id: number) => http.delete<null>(`/v1/org/${kind}`, { id });

export function useDeleteOrg(kind: OrgKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrg(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs'] }),
  });
}
