import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { driverTextRoutes } from './routes.js';
import { DriverTextService } from './service.js';

/** Texts to the driver (issue 30; docs/device-protocol.md, `driverText`): an operator's message on a device's screen. */
export const driverTextModule = fp(
  async (app: FastifyInstance, { db, deviceCommands }: { db: Db; deviceCommands: DeviceCommands }) => {
    await app.register(driverTextRoutes, { texts: new DriverTextService(db, deviceCommands, app.log) });
  },
  { name: 'driver-texts' },
);
