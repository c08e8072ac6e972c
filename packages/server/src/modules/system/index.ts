import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Maintenance, maintenanceRoutes } from './maintenance.js';

/** Maintenance mode (the app builds it: its gate, `registerMaintenanceGate`, runs before every route). */
export const systemModule = fp(
  async (app: FastifyInstance, { maintenance }: { maintenance: Maintenance }) => {
    await app.register(maintenanceRoutes, { maintenance });
  },
  { name: 'system' },
);

export { Maintenance, registerMaintenanceGate } from './maintenance.js';
export { Sealer } from './sealing.js';
export { sharedSecret } from './secrets.js';
