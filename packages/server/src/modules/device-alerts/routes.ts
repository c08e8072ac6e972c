import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeviceAlertCount, DeviceAlertHandleBody, DeviceAlertPage, DeviceAlertQuery, fleetAdminsAndAbove } from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import type { DeviceAlertService } from './service.js';

const tags = ['device'];
/** Who may handle an alert: the administrators who edit devices (as in devices/routes.ts). */
const ADMINS = fleetAdminsAndAbove;

/** Devices' running-status alerts: SPEC section 7 names `/v2/device/running/event/check`; list and handle are ours beside it. */
export const deviceAlertRoutes: FastifyPluginAsyncTypebox<{ alerts: DeviceAlertService }> = async (app, { alerts }) => {
  app.get(
    '/v2/device/running/event/check',
    {
      schema: {
        tags,
        summary: 'How many running-status alerts of the caller’s devices are pending (the menu’s red badge)',
        response: { 200: Envelope(DeviceAlertCount) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await alerts.count(principalOf(req))),
  );

  app.get(
    '/v2/device/running/event/list',
    {
      schema: {
        tags,
        summary: 'Running-status alerts of the caller’s devices, newest first, by state, fault and device or plate',
        querystring: DeviceAlertQuery,
        response: { 200: Envelope(DeviceAlertPage) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await alerts.list(principalOf(req), req.query)),
  );

  app.put(
    '/v2/device/running/event/handle',
    {
      schema: {
        tags,
        summary: 'Mark pending alerts handled, with a note (all or none)',
        body: DeviceAlertHandleBody,
        response: { 200: Envelope(Type.Object({ handled: Type.Integer() })) },
      },
      config: { access: ADMINS, audit: 'device.alert.handle' },
    },
    async (req) => {
      auditTarget(req, req.body.ids.join(','));
      return ok(await alerts.handle(principalOf(req), req.body));
    },
  );
};
