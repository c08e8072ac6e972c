import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { releaseTime } from '../../release.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/getReleaseVersionTime',
    {
      schema: { tags: ['health'], summary: 'Release time of the running build, as text', response: { 200: Envelope(Type.String()) } },
      config: { access: 'public', duringMaintenance: true },
    },
    async () => ok(releaseTime),
  );
};
