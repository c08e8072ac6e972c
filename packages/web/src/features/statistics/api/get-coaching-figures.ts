import type { CoachingFiguresQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Under the statistics key: the midnight refresh reads it again with the rest of the page. */
export const coachingFiguresQuery = (query: CoachingFiguresQuery) =>
  queryOptions({ queryKey: ['statistics', 'coaching', query], queryFn: () => api.coaching.figures(query) });

/** The coaching figures of the incidents of a span (the Overview's range); asked once the span is known. */
export const useCoachingFigures = (query: CoachingFiguresQuery | undefined) =>
  useQuery({
    ...coachingFiguresQuery(query ?? { startTime: 0, endTime: 0 }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
