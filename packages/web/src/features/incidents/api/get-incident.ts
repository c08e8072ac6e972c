import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const incidentQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['incidents', 'detail', eventId],
    queryFn: () => api.event.info({ eventId }),
  });

/** One incident with its evidence; EVENT_NOT_EXIST / PERMISSION_CHECK_FAIL are toasted by the HTTP layer. */
export const useIncident = (eventId: number | undefined) => useQuery({ ...incidentQuery(eventId ?? 0), enabled: eventId !== undefined });
