import type { HistoryRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const historyQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['events', 'history', eventId],
    queryFn: () => http.get<HistoryRecord[]>('/v2/event/history', { eventId }),
  });

/** Everything that happened to an incident, oldest first. */
export const useHistory = (eventId: number) => useQuery(historyQuery(eventId));
