import { statisticsApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { StatisticsService } from './service.js';

/** Handlers of the contract's statistics endpoints (`/statistics/list`, issue 19), scoped to the caller. */
export const statisticsRoutes: FastifyPluginAsync<{ statistics: StatisticsService }> = async (app, { statistics }) => {
  serve(app, statisticsApi, {
    overview: async (req) => statistics.overview(principalOf(req), req.query),
    tag: async (req) => statistics.tags(principalOf(req), req.query),
  });
};
