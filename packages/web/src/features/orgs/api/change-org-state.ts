import type { OrgKind, OrgStateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const changeOrgState = (kind: OrgKind, body: OrgStateBody) => api.org[`${kind}SetState`](body);

export function useChangeOrgState(kind: OrgKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgStateBody) => changeOrgState(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs', kind] }),
  });
}
