import type { OrgKind } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Refused by the server (with a toast from the HTTP layer) while children or accounts remain. */
export const deleteOrg = (kind: OrgKind, id: number) => api.org[`${kind}Remove`]({ id });

export const useDeleteOrg = (kind: OrgKind) => useRefreshingMutation((id: number) => deleteOrg(kind, id), [['orgs']]);
