import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { deviceRoutes } from './routes.js';
import { DeviceService } from './service.js';

/** The devices (a deleted one is dropped from the device gateway's cache: `forgetDevice`). */
export const deviceModule = fp(
  async (app: FastifyInstance, { db, forgetDevice }: { db: Db; forgetDevice: (deviceId: number) => void }) => {
    await app.register(deviceRoutes, { devices: new DeviceService(db, app.orgs, forgetDevice) });
  },
  { name: 'devices', dependencies: ['orgs'] },
);
