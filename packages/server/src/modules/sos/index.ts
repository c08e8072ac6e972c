import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { sosRoutes } from './routes.js';
import { SosService } from './service.js';

/** The S.O.S alarms and their handling. */
export const sosModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    await app.register(sosRoutes, { sos: new SosService(db, bus) });
  },
  { name: 'sos' },
);
