import type { TagRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const tagListQuery = (companyId?: number) =>
  queryOptions({
    queryKey: ['events', 'tags', 'list', companyId ?? null],
    queryFn: () => http.get<TagRecord[]>('/v1/event/tag/list', { companyId }),
  });

/** The tag page's table (with incident counts); a Super Admin must choose a company first. */
export const useTagList = (companyId: number | undefined, enabled: boolean) => useQuery({ ...tagListQuery(companyId), enabled });
