import type { IncidentListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The incident list, or (recycle bin) the deleted ones; `type` and `tagId` go as repeated keys (SPEC section 7). */
export const incidentsQuery = (params: IncidentListQuery, bin = false) =>
  queryOptions({
    queryKey: ['incidents', bin ? 'recycleBin' : 'list', params],
    queryFn: () => (bin ? api.event.recycleBin : api.event.list)(params),
  });

/** The previous page stays while the next loads. */
export const useIncidents = (params: IncidentListQuery, bin = false) =>
  useQuery({ ...incidentsQuery(params, bin), placeholderData: keepPreviousData });
