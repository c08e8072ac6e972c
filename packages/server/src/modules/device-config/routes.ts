import { type ConfigSettings, type ConfigVersion, detectionTypes, deviceConfigApi, thresholdApi } from '@safety-shield/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import type { Principal } from '../../http/principal.js';
import { auditDetail, auditTarget } from '../logs/index.js';
import type { DeviceConfigService } from './service.js';
import { picked } from './settings.js';
import type { ThresholdService } from './thresholds.js';

/** SPEC section 7: `/v2/device/config/*` and `/v1/device/*DeviceConfig` (docs/device-protocol.md, `config`). */
export const deviceConfigRoutes: FastifyPluginAsync<{ configs: DeviceConfigService; thresholds: ThresholdService }> = async (
  app,
  { configs, thresholds },
) => {
  serve(app, thresholdApi, {
    list: async () => thresholds.list(),
    create: async (req) => {
      const created = await thresholds.create(req.body);
      auditTarget(req, created.id);
      auditDetail(req, { after: { name: created.name, ...created.values } });
      return created;
    },
    update: async (req) => thresholds.update(req.body),
    remove: async (req) => thresholds.remove(req.params.id),
  });

  /** What the device runs as the portal knows it, before the change: the device operation log's "before". */
  const before = async (principal: Principal, deviceId: number) => {
    const state = await configs.state(principal, { deviceId });
    return { uuid: state.deviceUuid, settings: state.current?.settings ?? state.reported?.settings ?? ({} as ConfigSettings) };
  };
  /** The log line's detail: the device, the version, and the properties it changes as they were and as they become. */
  const record = (req: FastifyRequest, was: { uuid: string; settings: ConfigSettings }, version: ConfigVersion) => {
    auditDetail(req, {
      deviceId: version.deviceId,
      deviceUuid: was.uuid,
      version: version.version,
      status: version.status,
      before: picked(was.settings, version.changed),
      after: picked(version.settings, version.changed),
    });
    return version;
  };
  const changing = async (req: FastifyRequest, deviceId: number, change: () => Promise<ConfigVersion>) => {
    const was = await before(principalOf(req), deviceId);
    return record(req, was, await change());
  };

  serve(app, deviceConfigApi, {
    info: async (req) => configs.state(principalOf(req), req.query),
    updatePicture: async (req) => {
      const upload = configs.pictures.slot(req.body);
      auditDetail(req, { after: upload.picture });
      return upload;
    },
    picture: async (req) => configs.pictures.viewLink(principalOf(req), req.query.deviceId, req.query.pictureId),
    save: async (req) =>
      changing(req, req.body.deviceId, () => configs.save(principalOf(req), req.body.deviceId, req.body.settings, req.body.partial)),
    update: async (req) => {
      const { deviceId } = await configs.version(principalOf(req), req.body.deviceConfigTempLogsId);
      return changing(req, deviceId, () =>
        configs.update(principalOf(req), req.body.deviceConfigTempLogsId, req.body.settings, req.body.partial),
      );
    },
    dispatch: async (req) => changing(req, req.query.deviceId, () => configs.dispatch(principalOf(req), req.query)),
    cancel: async (req) => {
      const cancelled = await configs.cancel(principalOf(req), req.query.deviceId);
      if (cancelled) auditDetail(req, { deviceId: cancelled.deviceId, version: cancelled.version, status: cancelled.status });
      return cancelled;
    },
    synch: async (req) => configs.synch(principalOf(req), req.query.deviceId),
    historyList: async (req) => configs.history(principalOf(req), req.query),
    history: async (req) => configs.version(principalOf(req), req.query.id),
    revert: async (req) => {
      const { deviceId } = await configs.version(principalOf(req), req.query.deviceConfigTempLogsId);
      return changing(req, deviceId, () => configs.revert(principalOf(req), req.query.deviceConfigTempLogsId));
    },
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
    videoParam: async (req) => {
      const { deviceId, ...video } = req.body;
      const principal = principalOf(req);
      const was = await before(principal, deviceId);
      await configs.save(principal, deviceId, { video: [video] });
      return record(req, was, await configs.dispatch(principal, { deviceId }));
    },
    videoParamMany: async (req) => {
      const { deviceIds, ...video } = req.body;
      const task = await configs.batchDispatch(principalOf(req), { deviceIds, settings: { video: [video] } });
      auditTarget(req, task.id);
      auditDetail(req, { taskId: task.id, devices: task.total, after: { video: [video] } });
      return task;
    },
    batchDispatch: async (req) => {
      const task = await configs.batchDispatch(principalOf(req), req.body);
      auditTarget(req, task.id);
      auditDetail(req, { taskId: task.id, devices: task.total, after: task.settings });
      return task;
    },
    received: async (req) => {
      const [first] = await configs.received(principalOf(req), [req.query.deviceId]);
      return first as NonNullable<typeof first>;
    },
    receivedMany: async (req) => configs.received(principalOf(req), req.body.deviceIds),
  });
};
