import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { deviceAlertRoutes } from './routes.js';
import { DeviceAlertService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices' running-status alerts; the device intake files their health reports (`deviceAlerts.health`). */
    deviceAlerts: DeviceAlertService;
  }
}

/** The devices' running-status alerts and the console's badge of them. */
export const deviceAlertModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    const alerts = new DeviceAlertService(db, bus, app.log);
    app.decorate('deviceAlerts', alerts);
    // A device alert raised, cleared or handled on any node changes the badge of its views.
    bus.subscribe('deviceAlert', (change) => alerts.counts.forget(change));
    await app.register(deviceAlertRoutes, { alerts });
  },
  { name: 'device-alerts' },
);

export { pendingAlerts } from './repo.js';
