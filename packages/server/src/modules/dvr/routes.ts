import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DvrIndex, DvrIndexQuery, DvrSpanBody, DvrUpload, LiveSession } from '@safety-shield/contract';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import type { DvrService } from './service.js';

const tags = ['dvr'];
/** The route `/dvr/{licensePlate}` is Super Admin only (contract routes.ts). */
const ACCESS = ['SUPER_ADMIN'] as const;

/** DVR recordings (issue 7): the recording index of a vehicle's device, playback and upload of a span. */
export const dvrRoutes: FastifyPluginAsyncTypebox<{ dvr: DvrService }> = async (app, { dvr }) => {
  app.get(
    '/v1/dvr/index',
    {
      schema: {
        tags,
        summary: 'The recorded segments of one channel on one UTC day, asked from the device',
        querystring: DvrIndexQuery,
        response: { 200: Envelope(DvrIndex) },
      },
      config: { access: ACCESS },
    },
    async (req) => ok(await dvr.index(principalOf(req), req.query)),
  );

  app.post(
    '/v1/dvr/play',
    {
      schema: {
        tags,
        summary: 'Play back a recorded span (at most 1 h) streamed from the device: a live session',
        body: DvrSpanBody,
        response: { 200: Envelope(LiveSession) },
      },
      config: { access: ACCESS, audit: 'dvr.play' },
    },
    async (req) => {
      auditTarget(req, `${req.body.licensePlate}/ch${req.body.channel}`);
      return ok(await dvr.play(principalOf(req), req.body));
    },
  );

  app.post(
    '/v1/dvr/upload',
    {
      schema: {
        tags,
        summary: 'Ask the device to upload a recorded span (at most 5 min) as evidence of an incident',
        body: DvrSpanBody,
        response: { 200: Envelope(DvrUpload) },
      },
      config: { access: ACCESS, audit: 'dvr.upload' },
    },
    async (req) => {
      auditTarget(req, `${req.body.licensePlate}/ch${req.body.channel}`);
      return ok(await dvr.upload(principalOf(req), req.body));
    },
  );
};
