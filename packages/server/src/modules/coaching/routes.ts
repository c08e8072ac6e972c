import { coachingApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { CoachingService } from './service.js';

/** Handlers of the contract's coaching endpoints (issue 19). */
export const coachingRoutes: FastifyPluginAsync<{ coaching: CoachingService }> = async (app, { coaching }) => {
  serve(app, coachingApi, {
    queue: async (req) => coaching.queue(principalOf(req), req.query),
    info: async (req) => coaching.info(principalOf(req), req.query.eventId),
    mark: async (req) => coaching.mark(principalOf(req), req.body),
    coach: async (req) => coaching.coach(principalOf(req), req.body),
    dismiss: async (req) => coaching.dismiss(principalOf(req), req.body),
    reopen: async (req) => coaching.reopen(principalOf(req), req.body),
    figures: async (req) => coaching.figures(principalOf(req), req.query),
  });
};
