// The swagger plugin's schema fields (`hide`), for whoever type-checks this file without the app.
import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { type EmbeddedMediaServer, STREAM_NAME } from './embedded.js';
import type { LivePlaySigner } from './signer.js';

export const MEDIA_PLAY_PATH = '/media/live';

export interface MediaRouteOptions {
  media: EmbeddedMediaServer;
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
  app.get<{ Params: { file: string }; Querystring: { token?: string } }>(
    `${MEDIA_PLAY_PATH}/:file`,
    { schema: { hide: true } },
    async (req, reply) => {
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
  );
};
