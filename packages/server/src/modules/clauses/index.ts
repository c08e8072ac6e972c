import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clauseRoutes } from './routes.js';
import type { ClauseService } from './service.js';

/** Clauses and their consents (the app builds the service: its gate, `registerClauseGate`, runs before every route). */
export const clauseModule = fp(
  async (app: FastifyInstance, { clauses }: { clauses: ClauseService }) => {
    await app.register(clauseRoutes, { clauses });
  },
  { name: 'clauses' },
);

export { registerClauseGate } from './gate.js';
export { ClauseService } from './service.js';
