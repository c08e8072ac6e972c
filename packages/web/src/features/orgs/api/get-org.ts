import type { OrgKind } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const orgQuery = (kind: OrgKind, id: number) =>
  queryOptions({ queryKey: ['orgs', kind, 'one', id], queryFn: () => api.org[`${kind}Info`]({ id }) });

/** One organisation with its logo (lists leave the logo out). */
export const useOrg = (kind: OrgKind, id: number | undefined) => useQuery({ ...orgQuery(kind, id ?? 0), enabled: id !== undefined });
