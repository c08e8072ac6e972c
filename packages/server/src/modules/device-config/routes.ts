import { detectionTypes, deviceConfigApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { DeviceConfigService } from './service.js';

/** SPEC section 7: `/v2/device/config/*` and `/v1/device/*DeviceConfig` (docs/device-protocol.md, `config`). */
export const deviceConfigRoutes: FastifyPluginAsync<{ configs: DeviceConfigService }> = async (app, { configs }) => {
  serve(app, deviceConfigApi, {
    info: async (req) => configs.state(principalOf(req), req.query),
    save: async (req) => configs.save(principalOf(req), req.body.deviceId, req.body.settings, req.body.partial),
    update: async (req) => configs.update(principalOf(req), req.body.deviceConfigTempLogsId, req.body.settings, req.body.partial),
    dispatch: async (req) => configs.dispatch(principalOf(req), req.query),
    cancel: async (req) => configs.cancel(principalOf(req), req.query.deviceId),
    synch: async (req) => configs.synch(principalOf(req), req.query.deviceId),
    historyList: async (req) => configs.history(principalOf(req), req.query),
    history: async (req) => configs.version(principalOf(req), req.query.id),
    revert: async (req) => configs.revert(principalOf(req), req.query.deviceConfigTempLogsId),
    download: async (req, reply) => {
      const { uuid, version, settings } = await configs.document(principalOf(req), req.query.deviceId, req.query.deviceConfigLogsId);
      const body = `${JSON.stringify({ deviceUuid: uuid, version, settings }, null, 2)}\n`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="config-${uuid}-v${version}.json"`)
        .send(body);
    },
    alarmType: async () => [...detectionTypes],
    alarmArea: async (req) => configs.alarmAreas(principalOf(req), req.query.deviceId, req.query.deviceConfigLogsId),
    batchDispatch: async (req) => configs.batchDispatch(principalOf(req), req.body),
    received: async (req) => {
      const [first] = await configs.received(principalOf(req), [req.query.deviceId]);
      return first as NonNullable<typeof first>;
    },
    receivedMany: async (req) => configs.received(principalOf(req), req.body.deviceIds),
  });
};
