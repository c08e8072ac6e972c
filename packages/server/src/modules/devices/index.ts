import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { deviceRoutes } from './routes.js';
import { DeviceService } from './service.js';

/** The devices (a deleted one is disconnected: `DeviceCommands.forget`). */
export const deviceModule = fp(
  async (app: FastifyInstance, { db, deviceCommands }: { db: Db; deviceCommands: DeviceCommands }) => {
    await app.register(deviceRoutes, { devices: new DeviceService(db, app.orgs, (deviceId) => void deviceCommands.forget(deviceId)) });
  },
  { name: 'devices', dependencies: ['orgs'] },
);

export { type FaultJson, openFaultsOf, toOpenFaults } from './faults.js';
export { refuseLocked } from './locked.js';
export type { DeviceRow } from './repo.js';
export { deviceFilter, lockDevice } from './repo.js';
