import { type DeviceRecord, deviceApi } from '@safety-shield/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { type EndpointRequest, serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import { type SheetColumn, sendWorkbook, streamWorkbook } from '../../http/xlsx.js';
import { auditDetail, auditTarget } from '../logs/index.js';
import type { DeviceService } from './service.js';
import { deviceColumns, onlineColumns } from './sheets.js';

/** Handlers of the contract's device endpoints (SPEC section 7; live video, uploads and DVR have their own modules). */
export const deviceRoutes: FastifyPluginAsync<{ devices: DeviceService }> = async (app, { devices }) => {
  /** Streams the device list, with its filters, as a workbook of one sheet. */
  const sendSheet =
    (sheet: string, columns: SheetColumn<DeviceRecord>[]) => async (req: EndpointRequest<typeof deviceApi.export>, reply: FastifyReply) => {
      const { filename, ...filters } = req.query;
      return sendWorkbook(reply, filename, sheet, streamWorkbook(sheet, columns, devices.exportBatches(principalOf(req), filters)));
    };

  serve(app, deviceApi, {
    list: async (req) => devices.list(principalOf(req), req.query),
    info: async (req) => devices.info(principalOf(req), { id: req.query.deviceId }),
    infoByUuid: async (req) => devices.info(principalOf(req), { deviceUuid: req.query.deviceUuid }),
    update: async (req) => {
      const was = await devices.info(principalOf(req), { id: req.body.deviceId });
      await devices.update(principalOf(req), req.body);
      auditDetail(req, {
        deviceId: was.deviceId,
        deviceUuid: was.deviceUuid,
        before: { name: was.name, channels: was.channels },
        after: { name: req.body.name?.trim() || null, channels: req.body.channels },
      });
    },
    remove: async (req) => {
      const was = await devices.info(principalOf(req), { id: req.params.id });
      await devices.remove(principalOf(req), req.params.id);
      auditDetail(req, { deviceId: was.deviceId, deviceUuid: was.deviceUuid, before: { name: was.name }, after: null });
    },
    setIccid: async (req) => {
      const was = await devices.info(principalOf(req), { id: req.body.deviceId });
      await devices.setIccid(principalOf(req), req.body);
      auditDetail(req, {
        deviceId: was.deviceId,
        deviceUuid: was.deviceUuid,
        before: { iccid: was.iccid },
        after: { iccid: req.body.iccid },
      });
    },
    versions: async (req) => devices.versions(principalOf(req)),
    dbm: async (req) => devices.dbm(principalOf(req), req.query),
    onlineSummary: async (req) => devices.onlineSummary(principalOf(req), req.query, browserTimeZone(req)),
    bindLog: async (req) => devices.bindLog(principalOf(req), req.query),
    export: sendSheet('devices', deviceColumns),
    exportOnline: async (req, reply) => {
      const { filename, onlineFrom, onlineTo, ...filters } = req.query;
      const span = await devices.onlineExportSpan(principalOf(req), onlineFrom, onlineTo, browserTimeZone(req));
      const rows = devices.onlineExportBatches(principalOf(req), filters, span);
      return sendWorkbook(reply, filename, 'device-online', streamWorkbook('device-online', onlineColumns(span?.days), rows));
    },
    provisioning: async (req) => devices.provisioningState(principalOf(req), req.query.companyId),
    newProvisioningKey: async (req) => {
      const created = await devices.newProvisioningKey(principalOf(req), req.body.companyId);
      auditTarget(req, created.companyId);
      return created;
    },
  });
};
