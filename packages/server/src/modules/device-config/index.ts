import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { Sealer } from '../system/sealing.js';
import { deviceConfigRoutes } from './routes.js';
import { DeviceConfigService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices' configurations; main.ts hands it the device gateway (`deviceConfigs.useDevices`) and the devices' hellos. */
    deviceConfigs: DeviceConfigService;
  }
}

/** Devices' configurations (docs/device-protocol.md, `config`). */
export const deviceConfigModule = fp(
  async (app: FastifyInstance, { db, secretKey }: { db: Db; secretKey: Buffer }) => {
    const configs = new DeviceConfigService(db, new Sealer(secretKey), app.log, app.deviceTasks);
    app.decorate('deviceConfigs', configs);
    await app.register(deviceConfigRoutes, { configs });
  },
  { name: 'device-config', dependencies: ['device-tasks'] },
);
