import { eventApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { type EndpointRequest, serve } from '../../http/endpoints.js';
import { sendSheet } from '../../http/xlsx.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { auditCreated } from '../logs/index.js';
import { viewerOf } from './access-log.js';
import { signedResourceUrl } from './evidence-files.js';
import type { IncidentService } from './service.js';
import { accessColumns, incidentColumns } from './sheets.js';
import type { TagService } from './tags.js';

export interface IncidentRouteOptions {
  incidents: IncidentService;
  tagService: TagService;
  objectSigner: ObjectSigner;
}

/** A tag's switches: one body shape, one column each. */
type TagSwitchRequest = EndpointRequest<typeof eventApi.setTagReceiveIncident>;
type TagSwitch = 'receiveIncident' | 'receiveVideo' | 'notifyEmail';

/** Handlers of the contract's incident calls (SPEC section 7: review, comments, history, recycle bin, tags, export). */
export const incidentRoutes: FastifyPluginAsync<IncidentRouteOptions> = async (app, { incidents, tagService, objectSigner }) => {
  const tagSwitch = (field: TagSwitch) => async (req: TagSwitchRequest) =>
    tagService.set(principalOf(req), req.body.tagId, { [field]: req.body.state });

  serve(app, eventApi, {
    list: async (req) => incidents.list(principalOf(req), req.query),
    recycleBin: async (req) => incidents.list(principalOf(req), req.query, true),
    info: async (req) => incidents.info(principalOf(req), req.query.eventId),
    review: async (req) => incidents.review(principalOf(req), req.body),
    reviewLog: async (req) => incidents.reviewLog(principalOf(req), req.query.eventId),
    history: async (req) => incidents.history(principalOf(req), req.query.eventId),
    historyPage: async (req) => incidents.historyPage(principalOf(req), req.query.eventId, req.query),
    remove: async (req) => incidents.toRecycleBin(principalOf(req), req.body.eventId),
    restore: async (req) => incidents.restore(principalOf(req), req.body.eventId),
    removeForever: async (req) => incidents.deleteForever(principalOf(req), req.body.eventId),
    export: async (req, reply) => {
      const { filename, ...filters } = req.query;
      const batches = incidents.exportBatches(principalOf(req), filters);
      return sendSheet(req, reply, { filename, fallback: 'incidents', sheet: 'incidents', columns: incidentColumns, batches });
    },
    resourceUrl: async (req) => {
      const principal = principalOf(req);
      const { eventId, resourceId } = req.query;
      const resource = await incidents.storedResource(principal, eventId, resourceId);
      return signedResourceUrl(objectSigner, resource, {
        ...viewerOf(principal),
        eventId,
        resourceId,
        kind: resource.kind,
        action: 'view',
      });
    },
    accessList: async (req) => incidents.accessList(principalOf(req), req.query.eventId, req.query),
    accessExport: async (req, reply) => {
      const { eventId, filename } = req.query;
      const batches = await incidents.accessBatches(principalOf(req), eventId);
      return sendSheet(req, reply, {
        filename,
        fallback: `evidence-access-${eventId}`,
        sheet: 'evidenceAccess',
        columns: accessColumns,
        batches,
      });
    },
    comments: async (req) => incidents.comments(principalOf(req), req.query.eventId, req.query),
    comment: async (req) => incidents.comment(principalOf(req), req.body),
    tags: async (req) => tagService.list(principalOf(req), req.query.companyId),
    tagList: async (req) => tagService.list(principalOf(req), req.query.companyId),
    createTag: async (req) => auditCreated(req, tagService.create(principalOf(req), req.body)),
    renameTag: async (req) => tagService.rename(principalOf(req), req.body.id, req.body.tagName),
    removeTag: async (req) => tagService.remove(principalOf(req), req.query.id),
    restoreTags: async (req) => tagService.restoreDefaults(principalOf(req), req.query.companyId),
    setTagReceiveIncident: tagSwitch('receiveIncident'),
    setTagReceiveVideo: tagSwitch('receiveVideo'),
    setTagNotifyEmail: tagSwitch('notifyEmail'),
    setTagHoldDays: async (req) => tagService.set(principalOf(req), req.body.tagId, { holdDays: req.body.days }),
  });
};
