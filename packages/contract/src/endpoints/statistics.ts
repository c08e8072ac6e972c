import { StatisticsOverview, StatisticsQuery, StatisticsTags } from '../api/statistics.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove } from '../roles.js';

/**
 * SPEC section 2 gives `/statistics/list` to the Super Admin; issue 19 gives the same page to Agent, Company and Fleet
 * Admins over their own scope (docs/decisions.md, "Statistics (issue 19)").
 */
export const statisticsReaders = fleetAdminsAndAbove;

/** `/statistics/list` (SPEC sections 2, 3 and 9): the Overview and Tag statistics tabs, scoped to the caller. */
export const statisticsApi = endpoints('statistics', {
  overview: {
    method: 'GET',
    path: '/v1/statistics/overview',
    summary: 'Incidents over time by type and tag, fleet and place rankings, distance driven and vehicle allocation of a range',
    access: statisticsReaders,
    query: StatisticsQuery,
    response: StatisticsOverview,
  },
  tag: {
    method: 'GET',
    path: '/v1/statistics/tag',
    summary: 'Incidents per cycle (day, week, month or year) and tag over a range',
    access: statisticsReaders,
    query: StatisticsQuery,
    response: StatisticsTags,
  },
});
