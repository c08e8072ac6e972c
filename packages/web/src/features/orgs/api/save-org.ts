import type { OrgCreateBody, OrgKind, OrgUpdateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const createOrg = (kind: OrgKind, body: OrgCreateBody) => api.org[`${kind}Create`](body);
export const updateOrg = (kind: OrgKind, body: OrgUpdateBody) => api.org[`${kind}Update`](body);

/** Creates (no id) or updates an organisation; every list and picker of organisations is refreshed. */
export const useSaveOrg = (kind: OrgKind) =>
  useRefreshingMutation(
    (body: OrgCreateBody | OrgUpdateBody) =>
      'id' in body ? updateOrg(kind, body as OrgUpdateBody) : createOrg(kind, body as OrgCreateBody),
    [['orgs']],
  );
