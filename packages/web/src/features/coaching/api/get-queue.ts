import type { CoachingQueueQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Every coaching query sits under this key: a coaching step reads them all again. */
export const COACHING_KEY = ['coaching'] as const;

export const coachingQueueQuery = (query: CoachingQueueQuery) =>
  queryOptions({ queryKey: [...COACHING_KEY, 'queue', query], queryFn: () => api.coaching.queue(query) });

/** A page of the coaching queue; the previous page stays on screen while the next loads. */
export const useCoachingQueue = (query: CoachingQueueQuery) =>
  useQuery({ ...coachingQueueQuery(query), placeholderData: keepPreviousData });
