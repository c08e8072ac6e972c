import { healthApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../http/endpoints.js';
import { releaseTime } from '../../release.js';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  serve(app, healthApi, { releaseTime: () => releaseTime });
};
