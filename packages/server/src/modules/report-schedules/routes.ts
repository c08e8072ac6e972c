import { reportScheduleApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { auditCreated } from '../logs/index.js';
import type { ReportScheduleService } from './service.js';

/** Handlers of the contract's report-schedule endpoints (issue 19). */
export const reportScheduleRoutes: FastifyPluginAsync<{ schedules: ReportScheduleService }> = async (app, { schedules }) => {
  serve(app, reportScheduleApi, {
    list: async (req) => schedules.list(principalOf(req), req.query),
    recipients: async (req) => schedules.recipients(principalOf(req), req.query.keyword),
    create: async (req) => auditCreated(req, schedules.create(principalOf(req), req.body)),
    update: async (req) => schedules.update(principalOf(req), req.body),
    remove: async (req) => schedules.remove(principalOf(req), req.params.id),
    send: async (req) => schedules.sendNow(principalOf(req), req.body),
  });
};
