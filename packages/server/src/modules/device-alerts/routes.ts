import { deviceAlertApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { DeviceAlertService } from './service.js';

/** Handlers of the contract's device-alert endpoints: the pending count, the list, handling and the devices' running status. */
export const deviceAlertRoutes: FastifyPluginAsync<{ alerts: DeviceAlertService }> = async (app, { alerts }) => {
  serve(app, deviceAlertApi, {
    count: async (req) => alerts.count(principalOf(req)),
    list: async (req) => alerts.list(principalOf(req), req.query),
    handle: async (req) => alerts.handle(principalOf(req), req.body),
    statusList: async (req) => alerts.statusList(principalOf(req), req.query),
  });
};
