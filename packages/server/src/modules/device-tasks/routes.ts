import { deviceTaskApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { DeviceTaskService } from './service.js';

/** `/devicepage/taskManager`'s calls: tasks, their rows, cancel and retry. */
export const deviceTaskRoutes: FastifyPluginAsync<{ tasks: DeviceTaskService }> = async (app, { tasks }) => {
  serve(app, deviceTaskApi, {
    list: async (req) => tasks.list(principalOf(req), req.query),
    info: async (req) => tasks.info(principalOf(req), req.query.taskId),
    rows: async (req) => tasks.rows(principalOf(req), req.query),
    cancel: async (req) => tasks.cancel(principalOf(req), req.body),
    retry: async (req) => tasks.retry(principalOf(req), req.body.taskId),
  });
};
