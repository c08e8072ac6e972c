import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { runtimeLogRoutes } from './routes.js';
import { RuntimeLogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runtime logs on order; the device intake hands it the hellos. */
    runtimeLogs: RuntimeLogService;
  }
}

/** What the runtime logs take of the platform: the upload links they send name the portal's public address. */
type RuntimeLogPlatform = { db: Db; deviceCommands: DeviceCommands; publicUrl: () => string; store: ObjectStore; signer: ObjectSigner };

/** Runtime logs devices upload on order (docs/device-protocol.md, `logUpload`). */
export const runtimeLogModule = fp(
  async (app: FastifyInstance, { db, deviceCommands, publicUrl, store, signer }: RuntimeLogPlatform) => {
    const logs = new RuntimeLogService(db, deviceCommands, publicUrl, store, signer, app.deviceTasks, app.log);
    app.decorate('runtimeLogs', logs);
    await app.register(runtimeLogRoutes, { logs });
  },
  { name: 'runtime-logs', dependencies: ['device-tasks'] },
);
