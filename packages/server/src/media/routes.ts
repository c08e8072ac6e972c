import { mediaApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/endpoints.js';
import { type EmbeddedMediaServer, STREAM_NAME } from './embedded.js';
import type { LivePlaySigner } from './signer.js';

export const MEDIA_PLAY_PATH = '/media/live';

export interface MediaRouteOptions {
  /** The embedded media server; without one (no live video, or MEDIA_URL) the path answers as an unknown one. */
  media?: EmbeddedMediaServer;
  signer: LivePlaySigner;
  /** The stream belongs to a running live session (a stopped one opens nothing even with a valid URL). */
  known: (stream: string) => Promise<boolean>;
}

/**
 * HTTP-FLV out of the embedded media server under the portal: `GET /media/live/{stream}.flv?token=…`. The signed token
 * is the whole authority (issued by `POST /v1/live/start` to a viewer whose scope covers the vehicle), so like
 * `/objects/{token}` this is outside the API's sessions, logs and maintenance gate.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { media, signer, known }) => {
  serve(app, mediaApi, {
    play: async (req, reply) => {
      if (!media) return reply.callNotFound();
      const stream = req.params.file.replace(/\.flv$/, '');
      const grant = signer.verify(String(req.query.token ?? ''));
      if (!STREAM_NAME.test(stream) || grant?.stream !== stream) {
        return reply.code(403).send({ code: 403, msg: 'PERMISSION_CHECK_FAIL', codeKey: 'PERMISSION_CHECK_FAIL', data: null });
      }
      if (!(await known(stream)))
        return reply.code(404).send({ code: 404, msg: 'DEVICE_LIVE_STATE_FAIL', codeKey: 'DEVICE_LIVE_STATE_FAIL', data: null });
      reply.hijack();
      media.play(stream, req.raw, reply.raw);
    },
  });
};
