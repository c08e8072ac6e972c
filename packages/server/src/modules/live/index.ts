import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { UsageMeter } from '../subscriptions/index.js';
import { type LiveConfig, startLive } from './setup.js';

/** Live video: its API, the embedded media server when configured, and `app.live` for DVR playback. */
export const liveModule = fp(
  async (
    app: FastifyInstance,
    { db, deviceCommands, usage, config }: { db: Db; deviceCommands: DeviceCommands; usage: UsageMeter; config: LiveConfig },
  ) => {
    app.decorate('live', await startLive(app, db, deviceCommands, usage, config));
  },
  { name: 'live' },
);

export type { LiveService } from './service.js';
