import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClipRequestQuery,
  EventIdQuery,
  EventIdsBody,
  EvidenceTask,
  EvidenceTaskRecord,
  fleetAdminsAndAbove,
  PictureRequestQuery,
  TaskIdQuery,
} from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../../http/auth.js';
import { Envelope, ok } from '../../../http/envelope.js';
import { auditTarget } from '../../logs/recorder.js';
import type { EvidenceRequestService } from './service.js';

const tags = ['incidents'];
/** Who may ask devices for evidence: the writers of incidents (as in events/routes.ts). */
const WRITERS = fleetAdminsAndAbove;

/** SPEC section 7, Device: on-demand evidence requests (docs/device-protocol.md, `evidenceRequest`). */
export const evidenceRequestRoutes: FastifyPluginAsyncTypebox<{ requests: EvidenceRequestService }> = async (app, { requests }) => {
  app.get(
    '/v1/device/getCtrDeviceUploadPic',
    {
      schema: {
        tags,
        summary: 'Ask the device to upload one file of an incident now',
        querystring: PictureRequestQuery,
        response: { 200: Envelope(EvidenceTask) },
      },
      config: { access: WRITERS, audit: 'device.evidence.picture' },
    },
    async (req) => {
      auditTarget(req, `${req.query.eventId}/${req.query.resourceId}`);
      return ok(await requests.picture(principalOf(req), req.query.eventId, req.query.resourceId));
    },
  );

  app.get(
    '/v1/device/getCtrDeviceUploadVideo',
    {
      schema: {
        tags,
        summary: 'Ask the device to upload the videos of an incident it still holds',
        querystring: EventIdQuery,
        response: { 200: Envelope(EvidenceTask) },
      },
      config: { access: WRITERS, audit: 'device.evidence.video' },
    },
    async (req) => {
      auditTarget(req, req.query.eventId);
      const [first] = await requests.allOf(principalOf(req), [req.query.eventId], 'video');
      return ok(first ?? { taskId: null, eventId: req.query.eventId, state: 'done' as const, resourceIds: [] });
    },
  );

  for (const kind of ['picture', 'video'] as const) {
    app.put(
      kind === 'picture' ? '/v1/device/batch/getCtrDeviceUploadPic' : '/v1/device/batch/getCtrDeviceUploadVideo',
      {
        schema: {
          tags,
          summary: `Ask the devices of up to 500 incidents to upload their ${kind}s (all or none)`,
          body: EventIdsBody,
          response: { 200: Envelope(Type.Array(EvidenceTask)) },
        },
        config: { access: WRITERS, audit: `device.evidence.batch.${kind}` },
      },
      async (req) => {
        auditTarget(req, req.body.eventId.join(','));
        return ok(await requests.allOf(principalOf(req), req.body.eventId, kind));
      },
    );
  }

  app.get(
    '/v1/device/getDeviceUploadVideoUrl',
    {
      schema: {
        tags,
        summary: 'Ask the device for a clip of 20 s around a moment, on the channel of a resource',
        querystring: ClipRequestQuery,
        response: { 200: Envelope(EvidenceTask) },
      },
      config: { access: WRITERS, audit: 'device.evidence.clip' },
    },
    async (req) => {
      auditTarget(req, `${req.query.eventId}/${req.query.resourceId}`);
      return ok(await requests.clip(principalOf(req), req.query.eventId, req.query.resourceId, req.query.time));
    },
  );

  app.get(
    '/v1/device/cancelTask',
    {
      schema: {
        tags,
        summary: 'Cancel an evidence request that is waiting or sent',
        querystring: TaskIdQuery,
        response: { 200: Envelope(EvidenceTask) },
      },
      config: { access: WRITERS, audit: 'device.evidence.cancel' },
    },
    async (req) => {
      auditTarget(req, req.query.taskId);
      return ok(await requests.cancel(principalOf(req), req.query.taskId));
    },
  );

  app.get(
    '/v1/device/evidenceTask/list',
    {
      schema: {
        tags,
        summary: 'The evidence requests of an incident, newest first',
        querystring: EventIdQuery,
        response: { 200: Envelope(Type.Array(EvidenceTaskRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await requests.list(principalOf(req), req.query.eventId)),
  );
};
