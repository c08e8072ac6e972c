import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { LockLinkService } from './links.js';
import { deviceLockRoutes } from './routes.js';
import { DeviceLockService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device locks; the device intake hands it the hellos and the lock reports. */
    deviceLocks: DeviceLockService;
  }
}

/** Device locks against tampering and the installer links to them (issue 18; docs/device-protocol.md, `lock`). */
export const deviceLockModule = fp(
  async (app: FastifyInstance, { db, deviceCommands }: { db: Db; deviceCommands: DeviceCommands }) => {
    const locks = new DeviceLockService(db, deviceCommands, app.log);
    app.decorate('deviceLocks', locks);
    await app.register(deviceLockRoutes, { locks, links: new LockLinkService(db, locks) });
  },
  { name: 'device-locks' },
);
