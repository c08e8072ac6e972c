import type { OrgKind, OrgOption, OrgOptionsQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** The organisations of a kind the caller may pick (scoped by the server, at most 50), by name. */
export const orgOptionsQuery = (kind: OrgKind, params: OrgOptionsQuery) =>
  queryOptions({
    queryKey: ['orgs', kind, 'options', params],
    queryFn: () => http.get<OrgOption[]>(`/v1/org/${kind}/options`, { ...params }),
    staleTime: 30_000,
  });

export const useOrgOptions = (kind: OrgKind | null, params: OrgOptionsQuery) =>
  useQuery({ ...orgOptionsQuery(kind ?? 'agent', params), enabled: kind !== null, placeholderData: keepPreviousData });
