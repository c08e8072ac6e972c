import type { OrgKind, OrgListQuery, OrgRecord, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const orgsQuery = (kind: OrgKind, params: OrgListQuery) =>
  queryOptions({
    queryKey: ['orgs', kind, 'list', params],
    queryFn: () => http.get<Page<OrgRecord>>(`/v1/org/${kind}/list`, { ...params }),
  });

/** The previous page stays on screen while the next one loads. */
export const useOrgs = (kind: OrgKind, params: OrgListQuery) => useQuery({ ...orgsQuery(kind, params), placeholderData: keepPreviousData });
