import { sosApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { SosService } from './service.js';

/** Handlers of the contract's S.O.S endpoints (the Focus Board, SPEC section 2). */
export const sosRoutes: FastifyPluginAsync<{ sos: SosService }> = async (app, { sos }) => {
  serve(app, sosApi, {
    active: async (req) => sos.active(principalOf(req)),
    count: async (req) => sos.count(principalOf(req)),
    history: async (req) => sos.history(principalOf(req), req.query.page, req.query.limit),
    close: async (req) => sos.close(principalOf(req), req.body.id),
  });
};
