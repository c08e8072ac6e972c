import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { COACHING_KEY } from './get-queue.js';

export const coachingInfoQuery = (eventId: number) =>
  queryOptions({ queryKey: [...COACHING_KEY, 'info', eventId], queryFn: () => api.coaching.info({ eventId }) });

/** One incident's coaching state (`none` when never marked); asked only when the caller may read it. */
export const useCoachingInfo = (eventId: number, enabled: boolean) => useQuery({ ...coachingInfoQuery(eventId), enabled });
