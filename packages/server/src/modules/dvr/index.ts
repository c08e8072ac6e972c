import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { startDvr } from './setup.js';

/** DVR playback and downloads, over live video's sessions and the evidence requests; `app.dvr` for the gateway. */
export const dvrModule = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    app.decorate('dvr', await startDvr(app, db, app.live, app.evidenceRequests));
  },
  { name: 'dvr', dependencies: ['live', 'events'] },
);
