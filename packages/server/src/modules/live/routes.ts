import { liveApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { auditTarget } from '../logs/index.js';
import type { LiveService } from './service.js';

/** Handlers of the contract's live-video endpoints, and the hooks an external media server calls. */
export const liveRoutes: FastifyPluginAsync<{ live: LiveService }> = async (app, { live }) => {
  serve(app, liveApi, {
    start: async (req) => {
      auditTarget(req, `${req.body.vehicleId ?? `device ${req.body.deviceId}`}/ch${req.body.channel}`);
      return live.start(principalOf(req), req.body);
    },
    stop: async (req) => live.stop(principalOf(req), req.body.sessionId),
    state: async (req) => live.state(principalOf(req), req.query.sessionId),
    // `{ stream, param }` where param is the URL's query string; 0 allows, and any node answers for any session.
    hook: async (req, reply) => {
      const query = new URLSearchParams(req.body.param ?? '');
      const stream = req.body.stream.replace(/\.flv$/, '');
      const allowed = await live.hook(req.params.event, stream, query);
      return allowed ? { code: 0 } : reply.code(403).send({ code: 403 });
    },
  });
};
