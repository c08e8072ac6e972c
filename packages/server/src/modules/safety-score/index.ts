import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { safetyScoreRoutes } from './routes.js';
import { SafetyScoreService } from './service.js';

export type { SafetyAsk, SafetyScoreService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Safety scores and their weights (issue 19); the report reads `safetyScore.list(principal, ask)`. */
    safetyScore: SafetyScoreService;
  }
}

/** The safety score (issue 19, docs/safety-score.md): rankings, trends and each company's weights. */
export const safetyScoreModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    const safety = new SafetyScoreService(db, app.statistics.zones);
    app.decorate('safetyScore', safety);
    // A new incident on any node changes the scores of the views it is in.
    bus.subscribe('incident', (arrived) => safety.views.forget(arrived));
    await app.register(safetyScoreRoutes, { safety });
  },
  { name: 'safety-score', dependencies: ['statistics'] },
);
