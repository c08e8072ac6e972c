import type { MapConfig } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { objectRoutes } from '../../storage/routes.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { EvidenceAccessLog } from './access-log.js';
import { evidenceReceived, evidenceRefused } from './evidence.js';
import { IncidentIntake } from './intake.js';
import { incidentMapRoutes } from './map-routes.js';
import { IncidentNotifier } from './notify.js';
import { evidenceRequestRoutes } from './requests/routes.js';
import { EvidenceRequestService } from './requests/service.js';
import { resourceRoutes } from './resource-routes.js';
import { scheduleRetention } from './retention.js';
import { incidentRoutes } from './routes.js';
import { IncidentService } from './service.js';
import { shareRoutes } from './share-routes.js';
import { TagService } from './tags.js';

interface IncidentPlatform {
  db: Db;
  bus: Bus;
  mailer: Mailer;
  /** The evidence store, and the signer of its URLs. */
  store: ObjectStore;
  signer: ObjectSigner;
  map: MapConfig;
  config: Pick<Config, 'secretKey'>;
  deviceCommands: DeviceCommands;
  /** The portal's address as devices reach it, for their upload URLs. */
  publicUrl: () => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device intake's incidents and uploads (composed in device-intake.ts); `arrived` for the S.O.S presses' incidents. */
    incidentIntake: IncidentIntake;
  }
}

/**
 * Incidents and their evidence: lists, tags, on-demand requests, zips, share links, the map, the evidence store's
 * signed URLs (an upload moves its resource on; a view is recorded in the evidence access log), the incidents and
 * uploads devices report (`app.incidentIntake`), the incident e-mails (`app.incidentArrived`) and the retention job.
 */
export const incidentModule = fp(
  async (app: FastifyInstance, { db, bus, mailer, store, signer, map, config, deviceCommands, publicUrl }: IncidentPlatform) => {
    const incidents = new IncidentService(db, store);
    const accessLog = new EvidenceAccessLog(db, app.log);
    // Records still being written when the app closes are waited for, not lost to a closed database.
    app.addHook('onClose', () => accessLog.settled());
    // A new incident on any node changes the counts of the lists it appears in.
    bus.subscribe('incident', (arrived) => incidents.totals.forget(arrived));
    await app.register(incidentRoutes, { incidents, tagService: new TagService(db, app.orgs), objectSigner: signer });
    const evidenceRequests = new EvidenceRequestService(db, bus, deviceCommands, app.log);
    app.decorate('evidenceRequests', evidenceRequests);
    await app.register(evidenceRequestRoutes, { requests: evidenceRequests });
    await app.register(resourceRoutes, { db, store, objectSigner: signer, accessLog });
    await app.register(shareRoutes, { db, secretKey: config.secretKey, objectSigner: signer, map });
    await app.register(incidentMapRoutes, { db });
    await app.register(objectRoutes, {
      db,
      store,
      signer,
      uploaded: async (tx, grant, stored) => {
        const moved = await evidenceReceived(tx, grant, stored);
        return moved && (() => evidenceRequests.moved(moved));
      },
      refused: async (grant, reason) => {
        const moved = await evidenceRefused(db, grant, reason);
        if (moved) await evidenceRequests.moved(moved);
      },
      served: (grant, ip) => {
        if (grant.access) accessLog.served(grant.access, ip);
      },
    });
    const notifier = new IncidentNotifier(db, mailer, app.log);
    app.decorate('incidentArrived', (incidentId: number) => notifier.arrived(incidentId));
    app.decorate(
      'incidentIntake',
      new IncidentIntake(db, bus, notifier, evidenceRequests, deviceCommands, { signer, publicUrl }, store, app.log),
    );
    scheduleRetention(app, db, store);
  },
  { name: 'incidents', dependencies: ['orgs'] },
);

export { ensureDefaultTags } from './default-tags.js';
export { EVIDENCE_LIMITS, evidenceKey, UploadState } from './evidence.js';
export type { Chain, IncidentUpdate } from './file-incident.js';
export { chainOf, fileIncident, lockedDevice, vehicleAt } from './file-incident.js';
export { incidentVisible } from './repo.js';
export type { EvidenceRequestService } from './requests/service.js';
export { recordClipTask, toTask } from './requests/service.js';
export { checkIncidentVisible } from './service.js';
