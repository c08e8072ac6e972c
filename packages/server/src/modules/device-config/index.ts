import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { Sealer } from '../system/sealing.js';
import { deviceConfigRoutes } from './routes.js';
import { DeviceConfigService } from './service.js';
import { ThresholdService } from './thresholds.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices' configurations; main.ts hands it the device gateway (`deviceConfigs.useDevices`) and the devices' hellos. */
    deviceConfigs: DeviceConfigService;
  }
}

/** Devices' configurations (docs/device-protocol.md, `config`). */
export const deviceConfigModule = fp(
  async (app: FastifyInstance, { db, secretKey }: { db: Db; secretKey: Buffer }) => {
    const thresholds = new ThresholdService(db);
    const configs = new DeviceConfigService(db, new Sealer(secretKey), app.log, app.deviceTasks, thresholds);
    app.decorate('deviceConfigs', configs);
    await app.register(deviceConfigRoutes, { configs, thresholds });
  },
  { name: 'device-config', dependencies: ['device-tasks'] },
);
