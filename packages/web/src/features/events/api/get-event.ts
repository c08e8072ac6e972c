import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['events', 'detail', eventId],
    queryFn: () => api.event.info({ eventId }),
  });

/** One incident with its evidence; EVENT_NOT_EXIST / PERMISSION_CHECK_FAIL are toasted by the HTTP layer. */
export const useEvent = (eventId: number | undefined) => useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== undefined });
