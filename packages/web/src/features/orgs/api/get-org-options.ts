import type { OrgKind, OrgOptionsQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The organisations of a kind the caller may pick (scoped by the server, at most 50), by name. */
export const orgOptionsQuery = (kind: OrgKind, params: OrgOptionsQuery) =>
  queryOptions({
    queryKey: ['orgs', kind, 'options', params],
    queryFn: () => api.org[`${kind}Options`](params),
    staleTime: 30_000,
  });

export const useOrgOptions = (kind: OrgKind | null, params: OrgOptionsQuery) =>
  useQuery({ ...orgOptionsQuery(kind ?? 'agent', params), enabled: kind !== null, placeholderData: keepPreviousData });
