import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LiveSession, LiveSessionBody, LiveStartBody } from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import type { LiveService } from './service.js';

const tags = ['live'];

/**
 * Live video (SPEC sections 2 and 4; the spec names no paths for it, only its codes). Every console role may call these;
 * the data scope decides which vehicles (Site Admins and normal users see none).
 */
export const liveRoutes: FastifyPluginAsyncTypebox<{ live: LiveService }> = async (app, { live }) => {
  app.post(
    '/v1/live/start',
    {
      schema: {
        tags,
        summary: 'Ask a vehicle’s device to stream one channel; answers a signed play URL',
        body: LiveStartBody,
        response: { 200: Envelope(LiveSession) },
      },
      config: { access: 'session', audit: 'live.start' },
    },
    async (req) => {
      auditTarget(req, `${req.body.vehicleId ?? `device ${req.body.deviceId}`}/ch${req.body.channel}`);
      return ok(await live.start(principalOf(req), req.body));
    },
  );

  app.post(
    '/v1/live/stop',
    {
      schema: {
        tags,
        summary: 'Stop watching; the device stops streaming when nobody else watches',
        body: LiveSessionBody,
        response: { 200: Envelope(LiveSession) },
      },
      config: { access: 'session', audit: 'live.stop' },
    },
    async (req) => {
      auditTarget(req, req.body.sessionId);
      return ok(await live.stop(principalOf(req), req.body.sessionId));
    },
  );

  app.get(
    '/v1/live/state',
    {
      schema: {
        tags,
        summary: 'The state of a live session, with a fresh signed play URL (refresh)',
        querystring: LiveSessionBody,
        response: { 200: Envelope(LiveSession) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await live.state(principalOf(req), req.query.sessionId)),
  );

  // An external media server (MEDIA_URL) asks the portal before it accepts a publisher or a player, and says when they
  // leave (SRS-style on_publish / on_unpublish / on_play / on_stop hooks): `{ stream, param }` where param is the URL's
  // query string. 0 allows; any node answers for any session.
  app.post(
    '/v1/live/hooks/:event',
    {
      schema: {
        tags,
        summary: 'Publish/play check and goodbyes of an external media server',
        params: Type.Object({
          event: Type.Union([Type.Literal('on_publish'), Type.Literal('on_unpublish'), Type.Literal('on_play'), Type.Literal('on_stop')]),
        }),
        body: Type.Object({ stream: Type.String(), param: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
      config: { access: 'public', audit: 'live.hook' },
    },
    async (req, reply) => {
      const query = new URLSearchParams(req.body.param ?? '');
      const stream = req.body.stream.replace(/\.flv$/, '');
      const allowed = await live.hook(req.params.event, stream, query);
      return allowed ? { code: 0 } : reply.code(403).send({ code: 403 });
    },
  );
};
