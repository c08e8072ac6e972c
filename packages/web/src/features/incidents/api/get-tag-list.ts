import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const tagListQuery = (companyId?: number) =>
  queryOptions({
    queryKey: ['incidents', 'tags', 'list', companyId ?? null],
    queryFn: () => api.event.tagList({ companyId }),
  });

/** The tag page's table (with incident counts); a Super Admin must choose a company first. */
export const useTagList = (companyId: number | undefined, enabled: boolean) => useQuery({ ...tagListQuery(companyId), enabled });
