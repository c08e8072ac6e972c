import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Tags to choose from (filters, re-tagging); without a company, all tags in the caller's scope. */
export const tagOptionsQuery = (companyId?: number) =>
  queryOptions({
    queryKey: ['incidents', 'tags', 'options', companyId ?? null],
    queryFn: () => api.event.tags({ companyId }),
    staleTime: 60_000,
  });

export const useTagOptions = (companyId?: number) => useQuery(tagOptionsQuery(companyId));
