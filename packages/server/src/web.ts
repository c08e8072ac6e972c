import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './http/auth.js';
import { sendFailure } from './http/error-handler.js';

/** packages/web/dist, from src/ (tests) and dist/ (bundle) alike: both sit one level below packages/server. */
export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Serves the built console on the API's origin, as the build compressed it. Hashed assets are cached for a year;
 * index.html never, so a new release is picked up at once. Unknown API paths answer an envelope, other GETs the console.
 */
export async function registerWeb(app: FastifyInstance, root = webDist) {
  const hasConsole = existsSync(path.join(root, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies (packages/web/precompress.ts): the smallest one the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !isApiPath(req.url) && !path.extname(req.url.split('?')[0] ?? '');
    if (hasConsole && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendFailure(req, reply, 'API_NOT_EXIST', `${req.method} ${req.url.split('?')[0]}`);
  });
}
