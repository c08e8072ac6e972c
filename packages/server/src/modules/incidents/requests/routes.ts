import { evidenceRequestApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../../http/auth.js';
import { type EndpointRequest, serve } from '../../../http/endpoints.js';
import { auditTarget } from '../../logs/index.js';
import type { EvidenceRequestService } from './service.js';

/** SPEC section 7, Device: on-demand evidence requests (docs/device-protocol.md, `evidenceRequest`). */
export const evidenceRequestRoutes: FastifyPluginAsync<{ requests: EvidenceRequestService }> = async (app, { requests }) => {
  /** Up to 500 incidents at once, all or none. */
  const batch = (kind: 'picture' | 'video') => async (req: EndpointRequest<typeof evidenceRequestApi.batchPictures>) =>
    requests.allOf(principalOf(req), req.body.eventId, kind);

  serve(app, evidenceRequestApi, {
    picture: async (req) => {
      auditTarget(req, `${req.query.eventId}/${req.query.resourceId}`);
      return requests.picture(principalOf(req), req.query.eventId, req.query.resourceId);
    },
    videos: async (req) => {
      const [first] = await requests.allOf(principalOf(req), [req.query.eventId], 'video');
      return first ?? { taskId: null, eventId: req.query.eventId, state: 'done' as const, resourceIds: [] };
    },
    batchPictures: batch('picture'),
    batchVideos: batch('video'),
    clip: async (req) => {
      auditTarget(req, `${req.query.eventId}/${req.query.resourceId}`);
      return requests.clip(principalOf(req), req.query.eventId, req.query.resourceId, req.query.time);
    },
    cancel: async (req) => requests.cancel(principalOf(req), req.query.taskId),
    list: async (req) => requests.list(principalOf(req), req.query.eventId),
  });
};
