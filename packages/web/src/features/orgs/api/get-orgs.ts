import type { OrgKind, OrgListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** The previous page stays on screen while the next one loads. */
export const useOrgs = (kind: OrgKind, params: OrgListQuery) =>
  useQueryKeepingPrevious(['orgs', kind, 'list', params], () => api.org[`${kind}List`](params));
