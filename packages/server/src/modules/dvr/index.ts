import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { startDvr } from './setup.js';

/** DVR playback and downloads, over live video's sessions and the evidence requests; `app.dvr`. */
export const dvrModule = fp(
  async (app: FastifyInstance, { db, deviceCommands }: { db: Db; deviceCommands: DeviceCommands }) => {
    app.decorate('dvr', await startDvr(app, db, deviceCommands, app.live, app.evidenceRequests));
  },
  { name: 'dvr', dependencies: ['live', 'incidents'] },
);
