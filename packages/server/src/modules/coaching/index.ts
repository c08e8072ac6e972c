import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { coachingRoutes } from './routes.js';
import { CoachingService } from './service.js';

export { coachingFigures } from './figures.js';
export type { CoachingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Driver coaching (issue 19); the statistics read `coaching.figures(principal, query)`. */
    coaching: CoachingService;
  }
}

/** Driver coaching after reviewed incidents: the queue, its states and the figures (issue 19). */
export const coachingModule = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    const coaching = new CoachingService(db);
    app.decorate('coaching', coaching);
    await app.register(coachingRoutes, { coaching });
  },
  { name: 'coaching', dependencies: ['incidents'] },
);
