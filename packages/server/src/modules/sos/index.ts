import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { sosRoutes } from './routes.js';
import { SosService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The S.O.S alarms; the device intake files the presses and releases devices report (`sos.report`). */
    sos: SosService;
  }
}

/** The S.O.S alarms and their handling. */
export const sosModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    const sos = new SosService(db, bus, app.incidentIntake, app.log);
    app.decorate('sos', sos);
    await app.register(sosRoutes, { sos });
  },
  { name: 'sos', dependencies: ['incidents'] },
);
