import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EvidenceRequestService } from '../events/requests/service.js';
import type { LiveService } from '../live/service.js';
import { dvrRoutes } from './routes.js';
import { DvrService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** DVR recordings; main.ts hands it the device gateway (`dvr.useDevices`). */
    dvr: DvrService;
  }
}

export async function startDvr(app: FastifyInstance, db: Db, live: LiveService, requests: EvidenceRequestService): Promise<DvrService> {
  const dvr = new DvrService(db, live, requests, app.log);
  await app.register(dvrRoutes, { dvr });
  return dvr;
}
