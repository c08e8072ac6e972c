import { driverTextApi } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { DriverTextService } from './service.js';

/** Texts to the driver (issue 30; docs/device-protocol.md, `driverText`): an operator's message on a device's screen. */
export const driverTextModule = fp(
  async (app: FastifyInstance, { db, deviceCommands }: { db: Db; deviceCommands: DeviceCommands }) => {
    const texts = new DriverTextService(db, deviceCommands, app.log);
    serve(app, driverTextApi, { send: (req) => texts.send(principalOf(req), req.body) });
  },
  { name: 'driver-texts' },
);
