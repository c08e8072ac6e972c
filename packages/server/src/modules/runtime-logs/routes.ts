import { runtimeLogApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { RuntimeLogService } from './service.js';

/** Runtime logs on order and `/collection/index`'s list and downloads. */
export const runtimeLogRoutes: FastifyPluginAsync<{ logs: RuntimeLogService }> = async (app, { logs }) => {
  serve(app, runtimeLogApi, {
    order: async (req) => logs.order(principalOf(req), req.body.deviceIds),
    list: async (req) => logs.list(principalOf(req), req.query),
    download: async (req, reply) => {
      const { row, object } = await logs.file(principalOf(req), req.query.id);
      const stamp = row.uploadedAt.toISOString().replace(/[:.]/g, '-');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', object.size)
        .header('content-disposition', `attachment; filename="runtime-log-${row.deviceUuid}-${stamp}.log.gz"`)
        .send(object.read());
    },
  });
};
