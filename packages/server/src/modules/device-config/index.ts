import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { Sealer } from '../system/index.js';
import { DisplayPictures } from './pictures.js';
import { deviceConfigRoutes } from './routes.js';
import { DeviceConfigService } from './service.js';
import { ThresholdService } from './thresholds.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices' configurations; the device intake hands it the hellos and the configuration reports. */
    deviceConfigs: DeviceConfigService;
  }
}

/** Devices' configurations (docs/device-protocol.md, `config`). */
export const deviceConfigModule = fp(
  async (
    app: FastifyInstance,
    {
      db,
      secretKey,
      store,
      signer,
      deviceCommands,
      publicUrl,
    }: { db: Db; secretKey: Buffer; store: ObjectStore; signer: ObjectSigner; deviceCommands: DeviceCommands; publicUrl: () => string },
  ) => {
    const thresholds = new ThresholdService(db);
    const pictures = new DisplayPictures(db, store, signer, publicUrl);
    const configs = new DeviceConfigService(db, deviceCommands, new Sealer(secretKey), app.log, app.deviceTasks, thresholds, pictures);
    app.decorate('deviceConfigs', configs);
    await app.register(deviceConfigRoutes, { configs, thresholds });
  },
  { name: 'device-config', dependencies: ['device-tasks'] },
);
