import { type DeviceRecord, deviceApi, type Language } from '@safety-shield/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import { sendSheet } from '../../http/xlsx.js';
import { auditCreated, auditDetail } from '../logs/index.js';
import type { DeviceService } from './service.js';
import { deviceColumns, onlineColumns } from './sheets.js';

/** What a change did to a device, for its operation-log line. */
interface DeviceChange {
  before: Record<string, unknown>;
  after: Record<string, unknown> | null;
}

/** Handlers of the contract's device endpoints (SPEC section 7; live video, uploads and DVR have their own modules). */
export const deviceRoutes: FastifyPluginAsync<{ devices: DeviceService }> = async (app, { devices }) => {
  /** Runs a change to a device, then names on its log line the device and what it was before and after. */
  const changeDevice = async (req: FastifyRequest, id: number, change: (was: DeviceRecord) => Promise<DeviceChange>) => {
    const was = await devices.info(principalOf(req), { id });
    const { before, after } = await change(was);
    auditDetail(req, { deviceId: was.deviceId, deviceUuid: was.deviceUuid, before, after });
  };

  serve(app, deviceApi, {
    list: async (req) => devices.list(principalOf(req), req.query),
    info: async (req) => devices.info(principalOf(req), { id: req.query.deviceId }),
    infoByUuid: async (req) => devices.info(principalOf(req), { deviceUuid: req.query.deviceUuid }),
    update: (req) =>
      changeDevice(req, req.body.deviceId, async (was) => {
        await devices.update(principalOf(req), req.body);
        return {
          before: { name: was.name, channels: was.channels },
          after: { name: req.body.name?.trim() || null, channels: req.body.channels },
        };
      }),
    remove: (req) =>
      changeDevice(req, req.params.id, async (was) => {
        await devices.remove(principalOf(req), req.params.id);
        return { before: { name: was.name }, after: null };
      }),
    setIccid: (req) =>
      changeDevice(req, req.body.deviceId, async (was) => {
        await devices.setIccid(principalOf(req), req.body);
        return { before: { iccid: was.iccid }, after: { iccid: req.body.iccid } };
      }),
    versions: async (req) => devices.versions(principalOf(req)),
    dbm: async (req) => devices.dbm(principalOf(req), req.query),
    onlineSummary: async (req) => devices.onlineSummary(principalOf(req), req.query, browserTimeZone(req)),
    bindLog: async (req) => devices.bindLog(principalOf(req), req.query),
    export: async (req, reply) => {
      const { filename, ...filters } = req.query;
      const batches = devices.exportBatches(principalOf(req), filters);
      return sendSheet(req, reply, { filename, fallback: 'devices', sheet: 'devices', columns: deviceColumns, batches });
    },
    exportOnline: async (req, reply) => {
      const { filename, onlineFrom, onlineTo, ...filters } = req.query;
      const span = await devices.onlineExportSpan(principalOf(req), onlineFrom, onlineTo, browserTimeZone(req));
      const batches = devices.onlineExportBatches(principalOf(req), filters, span);
      const columns = (language: Language) => onlineColumns(language, span?.days);
      return sendSheet(req, reply, { filename, fallback: 'device-online', sheet: 'deviceOnline', columns, batches });
    },
    provisioning: async (req) => devices.provisioningState(principalOf(req), req.query.companyId),
    newProvisioningKey: async (req) =>
      auditCreated(req, devices.newProvisioningKey(principalOf(req), req.body.companyId), (created) => created.companyId),
  });
};
