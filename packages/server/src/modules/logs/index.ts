import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { logRoutes } from './routes.js';

/** Reading the operation log (the app records it for every route: `registerOperationLog`). */
export const logModule = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    await app.register(logRoutes, { db });
  },
  { name: 'logs' },
);

export type { Actor, ActorWitness } from './recorder.js';
export { auditActor, auditCreated, auditDetail, auditTarget, registerOperationLog } from './recorder.js';
