import { instantOf, type StatisticsQuery, wallClock } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/http/api.js';
import { SAFETY_SCORE_KEY } from '../../safety-score/index.js';

export const statisticsOverviewQuery = (query: StatisticsQuery) =>
  queryOptions({ queryKey: ['statistics', 'overview', query], queryFn: () => api.statistics.overview(query) });
export const tagStatisticsQuery = (query: StatisticsQuery) =>
  queryOptions({ queryKey: ['statistics', 'tag', query], queryFn: () => api.statistics.tag(query) });

/** The Overview tab's figures; the previous ones stay while a new range or filter loads. */
export const useStatisticsOverview = (query: StatisticsQuery, enabled: boolean) =>
  useQuery({ ...statisticsOverviewQuery(query), enabled, placeholderData: keepPreviousData });
/** The Tag statistics tab's figures. */
export const useTagStatistics = (query: StatisticsQuery, enabled: boolean) =>
  useQuery({ ...tagStatisticsQuery(query), enabled, placeholderData: keepPreviousData });

/** Milliseconds until the next midnight (00:00:00) in a zone. */
export function untilMidnight(zone: string, now = Date.now()): number {
  const { year, month, day } = wallClock(zone, now);
  return instantOf(zone, { year, month, day: day + 1 }) - now;
}

/** SPEC section 9: the charts refresh daily at 00:00:00 (the console's zone): every statistics and safety-score answer is fetched again then. */
export function useMidnightRefresh(zone: string) {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        void client.invalidateQueries({ queryKey: ['statistics'] });
        void client.invalidateQueries({ queryKey: SAFETY_SCORE_KEY });
        schedule();
      }, untilMidnight(zone) + 1000);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [client, zone]);
}
