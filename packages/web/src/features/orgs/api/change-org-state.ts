import type { OrgKind, OrgStateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const changeOrgState = (kind: OrgKind, body: OrgStateBody) => api.org[`${kind}SetState`](body);

export const useChangeOrgState = (kind: OrgKind) =>
  useRefreshingMutation((body: OrgStateBody) => changeOrgState(kind, body), [['orgs', kind]]);
