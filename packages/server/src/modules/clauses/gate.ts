import type { FastifyInstance } from 'fastify';
import type { ClauseService } from './service.js';

/**
 * SPEC section 2 on the server: while a must-check clause waits for the caller, every call but those that lead
 * to it (route config `beforeClause`) answers USER_CLAUSE_NO_FINISH.
 */
export function registerClauseGate(app: FastifyInstance, clauses: ClauseService) {
  app.addHook('preHandler', async (req) => {
    if (!req.principal || req.routeOptions.config.beforeClause) return;
    await clauses.gate(req.principal);
  });
}
