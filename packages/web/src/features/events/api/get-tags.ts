import type { TagRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Tags to choose from (filters, re-tagging); without a company, all tags in the caller's scope. */
export const tagOptionsQuery = (companyId?: number) =>
  queryOptions({
    queryKey: ['events', 'tags', 'options', companyId ?? null],
    queryFn: () => http.get<TagRecord[]>('/v1/event/tag', { companyId }),
    staleTime: 60_000,
  });

export const useTagOptions = (companyId?: number) => useQuery(tagOptionsQuery(companyId));
