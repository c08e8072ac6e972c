import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const historyQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['incidents', 'history', eventId],
    queryFn: () => api.event.history({ eventId }),
  });

/** Everything that happened to an incident, oldest first. */
export const useHistory = (eventId: number) => useQuery(historyQuery(eventId));
