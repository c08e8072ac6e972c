import type { OrgKind, OrgListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const orgsQuery = (kind: OrgKind, params: OrgListQuery) =>
  queryOptions({
    queryKey: ['orgs', kind, 'list', params],
    queryFn: () => api.org[`${kind}List`](params),
  });

/** The previous page stays on screen while the next one loads. */
export const useOrgs = (kind: OrgKind, params: OrgListQuery) => useQuery({ ...orgsQuery(kind, params), placeholderData: keepPreviousData });
