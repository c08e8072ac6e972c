import { driverTextApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { DriverTextService } from './service.js';

/** Handlers of the contract's driver-text endpoints. */
export const driverTextRoutes: FastifyPluginAsync<{ texts: DriverTextService }> = async (app, { texts }) => {
  serve(app, driverTextApi, { send: (req) => texts.send(principalOf(req), req.body) });
};
