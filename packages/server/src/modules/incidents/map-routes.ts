import { eventMapApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { eventMapOf } from './map-service.js';

/** The incident map (SPEC section 2, `/map/event`): clusters of the caller's incidents in a time range and a box. */
export const incidentMapRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, eventMapApi, {
    clusters: async (req) => eventMapOf(db, principalOf(req), req.query),
  });
};
