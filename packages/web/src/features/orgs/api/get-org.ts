import type { OrgKind, OrgRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const orgQuery = (kind: OrgKind, id: number) =>
  queryOptions({ queryKey: ['orgs', kind, 'one', id], queryFn: () => http.get<OrgRecord>(`/v1/org/${kind}/info`, { id }) });

/** One organisation with its logo (lists leave the logo out). */
export const useOrg = (kind: OrgKind, id: number | undefined) => useQuery({ ...orgQuery(kind, id ?? 0), enabled: id !== undefined });
