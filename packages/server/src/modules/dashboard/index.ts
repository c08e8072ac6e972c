import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { dashboardRoutes } from './routes.js';
import { DashboardService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's figures; a new or changed subscription clears them (`dashboard.forgetAll`). */
    dashboard: DashboardService;
  }
}

/** The dashboard's figures and the user guide (PDF). */
export const dashboardModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    const dashboard = new DashboardService(db);
    app.decorate('dashboard', dashboard);
    // A new incident on any node changes the dashboard figures of the views it is in.
    bus.subscribe('incident', (arrived) => dashboard.forget(arrived));
    // A device alert raised, cleared or handled on any node changes the maintenance figures of its views.
    bus.subscribe('deviceAlert', (change) => dashboard.forget(change));
    await app.register(dashboardRoutes, { dashboard });
  },
  { name: 'dashboard' },
);

export { localMidnight, windowOf } from './window.js';
