import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { EvidenceRequestService } from '../incidents/index.js';
import type { LiveService } from '../live/index.js';
import { dvrRoutes } from './routes.js';
import { DvrService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** DVR recordings. */
    dvr: DvrService;
  }
}

export async function startDvr(
  app: FastifyInstance,
  db: Db,
  devices: DeviceCommands,
  live: LiveService,
  requests: EvidenceRequestService,
): Promise<DvrService> {
  const dvr = new DvrService(db, devices, live, requests, app.log);
  await app.register(dvrRoutes, { dvr });
  return dvr;
}
