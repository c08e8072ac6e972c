import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CommentBody,
  CommentListQuery,
  CommentRecord,
  Created,
  EventIdQuery,
  EventIdsBody,
  fleetAdminsAndAbove,
  HistoryListQuery,
  HistoryRecord,
  IncidentDetail,
  IncidentListQuery,
  IncidentRecord,
  PageOf,
  ResourceTokenQuery,
  ResourceUrl,
  ReviewBody,
  TagCreateBody,
  TagDeleteQuery,
  TagHoldDaysBody,
  TagListQuery,
  TagRecord,
  TagRenameBody,
  TagStateBody,
  UPLOAD_RECEIVED,
} from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { incident, incidentResource } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { sendWorkbook, streamWorkbook, xlsxProduces } from '../../http/xlsx.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { auditTarget } from '../logs/recorder.js';
import { signedResourceUrl } from './evidence-files.js';
import { findIncident, incidentBatches, incidentHistoryOf, incidentHistoryPage, listComments } from './repo.js';
import type { IncidentService } from './service.js';
import { incidentColumns } from './sheets.js';
import type { TagService } from './tags.js';

const tags = ['incidents'];
const WRITERS = fleetAdminsAndAbove;
/** SPEC section 2: `/event/tag/list` is the Super Admin's and the Company Admin's. */
const TAG_MANAGERS = ['SUPER_ADMIN', 'COMPANY_ADMIN'] as const;
const Done = Envelope(Type.Null());
const ExportQuery = Type.Object({
  ...Type.Omit(IncidentListQuery, ['page', 'limit']).properties,
  filename: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^/\\\\]+$' })),
});

/** Incident calls of SPEC section 7 (review, comments, history, recycle bin, tags, export); evidence comes with uploads. */
export const eventRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  incidents: IncidentService;
  tagService: TagService;
  objectSigner: ObjectSigner;
}> = async (app, { db, incidents, tagService, objectSigner }) => {
  const scopeOf = (req: FastifyRequest) => inScope(principalOf(req), incident);

  app.get(
    '/v2/event/list',
    {
      schema: {
        tags,
        summary: 'Incidents of the caller’s scope, newest first',
        querystring: IncidentListQuery,
        response: { 200: Envelope(PageOf(IncidentRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await incidents.list(principalOf(req), req.query)),
  );

  app.get(
    '/v2/event/list/recycleBin',
    {
      schema: {
        tags,
        summary: 'Incidents in the recycle bin, last deleted first',
        querystring: IncidentListQuery,
        response: { 200: Envelope(PageOf(IncidentRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await incidents.list(principalOf(req), req.query, true)),
  );

  app.get(
    '/v2/event/info',
    {
      schema: { tags, summary: 'One incident with its evidence', querystring: EventIdQuery, response: { 200: Envelope(IncidentDetail) } },
      config: { access: 'session' },
    },
    async (req) => {
      const found = await findIncident(db, scopeOf(req), req.query.eventId);
      if (!found) throw outOfScope(principalOf(req), 'EVENT_NOT_EXIST');
      return ok(found);
    },
  );

  app.put(
    '/v2/event/review',
    {
      schema: { tags, summary: 'Mark an incident reviewed by the caller (and re-tag it)', body: ReviewBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'event.review' },
    },
    async (req) => {
      auditTarget(req, req.body.eventId);
      await incidents.review(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.get(
    '/v1/event/check/log',
    {
      schema: {
        tags,
        summary: 'Who reviewed an incident and when',
        querystring: EventIdQuery,
        response: { 200: Envelope(Type.Array(HistoryRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return ok(await incidentHistoryOf(db, req.query.eventId, 'reviewed'));
    },
  );

  app.get(
    '/v2/event/history',
    {
      schema: {
        tags,
        summary: 'Everything that happened to an incident, oldest first',
        querystring: EventIdQuery,
        response: { 200: Envelope(Type.Array(HistoryRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return ok(await incidentHistoryOf(db, req.query.eventId));
    },
  );

  app.get(
    '/v2/event/history/list',
    {
      schema: {
        tags,
        summary: 'An incident’s history, newest first, paged',
        querystring: HistoryListQuery,
        response: { 200: Envelope(PageOf(HistoryRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return ok(await incidentHistoryPage(db, req.query.eventId, req.query));
    },
  );

  const batch = (path: string, summary: string, audit: string, act: (req: FastifyRequest, ids: number[]) => Promise<unknown>) =>
    app.put(
      path,
      { schema: { tags, summary, body: EventIdsBody, response: { 200: Done } }, config: { access: WRITERS, audit } },
      async (req) => {
        auditTarget(req, req.body.eventId.join(','));
        await act(req, req.body.eventId);
        return ok(null);
      },
    );
  batch('/v2/event/info/delete/batch', 'Move incidents to the recycle bin', 'event.delete', (req, ids) =>
    incidents.toRecycleBin(principalOf(req), ids),
  );
  batch('/v2/event/info/restore', 'Restore incidents from the recycle bin', 'event.restore', (req, ids) =>
    incidents.restore(principalOf(req), ids),
  );
  batch('/v2/event/info/forever', 'Delete incidents in the recycle bin for good, evidence included', 'event.forever', (req, ids) =>
    incidents.deleteForever(principalOf(req), ids),
  );

  app.get(
    '/v2/event/export',
    {
      schema: {
        tags,
        summary: 'The incident list as an .xlsx file, with the list’s filters',
        querystring: ExportQuery,
        produces: xlsxProduces,
      },
      config: { access: 'session' },
    },
    async (req, reply) => {
      const { filename, ...filters } = req.query;
      return sendWorkbook(
        reply,
        filename,
        'incidents',
        streamWorkbook('incidents', incidentColumns, incidentBatches(db, scopeOf(req), filters)),
      );
    },
  );

  app.get(
    '/v1/event/resource/token',
    {
      schema: {
        tags,
        summary: 'A signed URL of one stored piece of evidence, valid for a few minutes',
        querystring: ResourceTokenQuery,
        response: { 200: Envelope(ResourceUrl) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const principal = principalOf(req);
      await incidents.visible(principal, req.query.eventId);
      const [resource] = await db
        .select()
        .from(incidentResource)
        .where(and(eq(incidentResource.incidentId, req.query.eventId), eq(incidentResource.id, req.query.resourceId)));
      if (!resource?.objectKey || resource.state < UPLOAD_RECEIVED) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
      return ok(signedResourceUrl(objectSigner, { objectKey: resource.objectKey, contentType: resource.contentType }));
    },
  );

  app.get(
    '/v1/event/comment/list',
    {
      schema: {
        tags,
        summary: 'Comments on an incident, newest first',
        querystring: CommentListQuery,
        response: { 200: Envelope(PageOf(CommentRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      await incidents.visible(principalOf(req), req.query.eventId);
      return ok(await listComments(db, req.query.eventId, req.query));
    },
  );

  app.post(
    '/v1/event/comment',
    {
      schema: { tags, summary: 'Comment on an incident', body: CommentBody, response: { 200: Envelope(Created) } },
      config: { access: WRITERS, audit: 'event.comment' },
    },
    async (req) => {
      auditTarget(req, req.body.eventId);
      return ok(await incidents.comment(principalOf(req), req.body));
    },
  );

  // Tags.
  app.get(
    '/v1/event/tag',
    {
      schema: {
        tags,
        summary: 'Tags for filters and re-tagging',
        querystring: TagListQuery,
        response: { 200: Envelope(Type.Array(TagRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await tagService.list(principalOf(req), req.query.companyId)),
  );

  app.get(
    '/v1/event/tag/list',
    {
      schema: {
        tags,
        summary: 'A company’s tags with their settings and incident counts',
        querystring: TagListQuery,
        response: { 200: Envelope(Type.Array(TagRecord)) },
      },
      config: { access: TAG_MANAGERS },
    },
    async (req) => ok(await tagService.list(principalOf(req), req.query.companyId)),
  );

  app.post(
    '/v1/event/tag',
    {
      schema: { tags, summary: 'Add a tag to a company', body: TagCreateBody, response: { 200: Envelope(Created) } },
      config: { access: TAG_MANAGERS, audit: 'event.tag.create' },
    },
    async (req) => {
      const created = await tagService.create(principalOf(req), req.body);
      auditTarget(req, created.id);
      return ok(created);
    },
  );

  app.put(
    '/v1/event/tag',
    {
      schema: { tags, summary: 'Rename a tag', body: TagRenameBody, response: { 200: Done } },
      config: { access: TAG_MANAGERS, audit: 'event.tag.update' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await tagService.rename(principalOf(req), req.body.id, req.body.tagName);
      return ok(null);
    },
  );

  app.delete(
    '/v1/event/tag',
    {
      schema: {
        tags,
        summary: 'Delete a company’s own tag (its incidents move to General)',
        querystring: TagDeleteQuery,
        response: { 200: Done },
      },
      config: { access: TAG_MANAGERS, audit: 'event.tag.delete' },
    },
    async (req) => {
      auditTarget(req, req.query.id);
      await tagService.remove(principalOf(req), req.query.id);
      return ok(null);
    },
  );

  app.get(
    '/v1/event/tag/restore',
    {
      schema: { tags, summary: 'Restore a company’s three default tags', querystring: TagListQuery, response: { 200: Done } },
      config: { access: TAG_MANAGERS, audit: 'event.tag.restore' },
    },
    async (req) => {
      await tagService.restoreDefaults(principalOf(req), req.query.companyId);
      return ok(null);
    },
  );

  // The three switches of a tag: one body shape, one column each.
  const switches = [
    ['/v1/event/tag/receive/incident/state', 'Receive incidents of a tag or not', 'receiveIncident'],
    ['/v1/event/tag/receive/video/state', 'Receive videos of a tag or pictures only', 'receiveVideo'],
    ['/v1/event/tag/notify/email/state', 'E-mail new incidents of a tag or not', 'notifyEmail'],
  ] as const;
  for (const [path, summary, field] of switches) {
    app.put(
      path,
      {
        schema: { tags, summary, body: TagStateBody, response: { 200: Done } },
        config: { access: TAG_MANAGERS, audit: `event.tag.${field}` },
      },
      async (req) => {
        auditTarget(req, req.body.tagId);
        await tagService.set(principalOf(req), req.body.tagId, { [field]: req.body.state });
        return ok(null);
      },
    );
  }

  app.put(
    '/v1/event/tag/holdDays',
    {
      schema: { tags, summary: 'Days the evidence of a tag is kept', body: TagHoldDaysBody, response: { 200: Done } },
      config: { access: TAG_MANAGERS, audit: 'event.tag.holdDays' },
    },
    async (req) => {
      auditTarget(req, req.body.tagId);
      await tagService.set(principalOf(req), req.body.tagId, { holdDays: req.body.days });
      return ok(null);
    },
  );
};
