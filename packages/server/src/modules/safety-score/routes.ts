import { safetyScoreApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { SafetyScoreService } from './service.js';

/** Handlers of the contract's safety-score endpoints (issue 19), scoped to the caller. */
export const safetyScoreRoutes: FastifyPluginAsync<{ safety: SafetyScoreService }> = async (app, { safety }) => {
  serve(app, safetyScoreApi, {
    list: async (req) => safety.list(principalOf(req), req.query),
    weights: async (req) => safety.weights(principalOf(req), req.query.companyId),
    saveWeights: async (req) => safety.saveWeights(principalOf(req), req.body.companyId, req.body.weights),
  });
};
