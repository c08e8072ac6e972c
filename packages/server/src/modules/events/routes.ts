import { eventApi, UPLOAD_RECEIVED } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { incident, incidentResource } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { type EndpointRequest, serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { sendWorkbook, streamWorkbook } from '../../http/xlsx.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { auditTarget } from '../logs/recorder.js';
import { signedResourceUrl } from './evidence-files.js';
import { findIncident, incidentBatches, incidentHistoryOf, incidentHistoryPage, listComments } from './repo.js';
import type { IncidentService } from './service.js';
import { incidentColumns } from './sheets.js';
import type { TagService } from './tags.js';

export interface EventRouteOptions {
  db: Db;
  incidents: IncidentService;
  tagService: TagService;
  objectSigner: ObjectSigner;
}

/** A tag's switches: one body shape, one column each. */
type TagSwitchRequest = EndpointRequest<typeof eventApi.setTagReceiveIncident>;
type TagSwitch = 'receiveIncident' | 'receiveVideo' | 'notifyEmail';

/** Handlers of the contract's incident calls (SPEC section 7: review, comments, history, recycle bin, tags, export). */
export const eventRoutes: FastifyPluginAsync<EventRouteOptions> = async (app, { db, incidents, tagService, objectSigner }) => {
  const scopeOf = (req: FastifyRequest) => inScope(principalOf(req), incident);
  const batch = (act: (req: FastifyRequest, ids: number[]) => Promise<unknown>) => async (req: EndpointRequest<typeof eventApi.remove>) => {
    auditTarget(req, req.body.eventId.join(','));
    await act(req, req.body.eventId);
    return null;
  };
  const tagSwitch = (field: TagSwitch) => async (req: TagSwitchRequest) => {
    auditTarget(req, req.body.tagId);
    await tagService.set(principalOf(req), req.body.tagId, { [field]: req.body.state });
    return null;
  };

  serve(app, eventApi, {
    list: async (req) => incidents.list(principalOf(req), req.query),
    recycleBin: async (req) => incidents.list(principalOf(req), req.query, true),
    info: async (req) => {
      const found = await findIncident(db, scopeOf(req), req.query.eventId);
      if (!found) throw outOfScope(principalOf(req), 'EVENT_NOT_EXIST');
      return found;
    },
    review: async (req) => {
      auditTarget(req, req.body.eventId);
      await incidents.review(principalOf(req), req.body);
      return null;
    },
    reviewLog: async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return incidentHistoryOf(db, req.query.eventId, 'reviewed');
    },
    history: async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return incidentHistoryOf(db, req.query.eventId);
    },
    historyPage: async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return incidentHistoryPage(db, req.query.eventId, req.query);
    },
    remove: batch((req, ids) => incidents.toRecycleBin(principalOf(req), ids)),
    restore: batch((req, ids) => incidents.restore(principalOf(req), ids)),
    removeForever: batch((req, ids) => incidents.deleteForever(principalOf(req), ids)),
    export: async (req, reply) => {
      const { filename, ...filters } = req.query;
      return sendWorkbook(
        reply,
        filename,
        'incidents',
        streamWorkbook('incidents', incidentColumns, incidentBatches(db, scopeOf(req), filters)),
      );
    },
    resourceUrl: async (req) => {
      const principal = principalOf(req);
      await incidents.visible(principal, req.query.eventId);
      const [resource] = await db
        .select()
        .from(incidentResource)
        .where(and(eq(incidentResource.incidentId, req.query.eventId), eq(incidentResource.id, req.query.resourceId)));
      if (!resource?.objectKey || resource.state < UPLOAD_RECEIVED) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
      return signedResourceUrl(objectSigner, { objectKey: resource.objectKey, contentType: resource.contentType });
    },
    comments: async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return listComments(db, req.query.eventId, req.query);
    },
    comment: async (req) => {
      auditTarget(req, req.body.eventId);
      return incidents.comment(principalOf(req), req.body);
    },
    tags: async (req) => tagService.list(principalOf(req), req.query.companyId),
    tagList: async (req) => tagService.list(principalOf(req), req.query.companyId),
    createTag: async (req) => {
      const created = await tagService.create(principalOf(req), req.body);
      auditTarget(req, created.id);
      return created;
    },
    renameTag: async (req) => {
      auditTarget(req, req.body.id);
      await tagService.rename(principalOf(req), req.body.id, req.body.tagName);
      return null;
    },
    removeTag: async (req) => {
      auditTarget(req, req.query.id);
      await tagService.remove(principalOf(req), req.query.id);
      return null;
    },
    restoreTags: async (req) => {
      await tagService.restoreDefaults(principalOf(req), req.query.companyId);
      return null;
    },
    setTagReceiveIncident: tagSwitch('receiveIncident'),
    setTagReceiveVideo: tagSwitch('receiveVideo'),
    setTagNotifyEmail: tagSwitch('notifyEmail'),
    setTagHoldDays: async (req) => {
      auditTarget(req, req.body.tagId);
      await tagService.set(principalOf(req), req.body.tagId, { holdDays: req.body.days });
      return null;
    },
  });
};
