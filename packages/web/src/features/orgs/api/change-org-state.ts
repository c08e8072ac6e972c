import type { OrgKind, OrgStateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const changeOrgState = (kind: OrgKind, body: OrgStateBody) => http.put<null>(`/v1/org/${kind}/state`, body);

export function useChangeOrgState(kind: OrgKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgStateBody) => changeOrgState(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs', kind] }),
  });
}
