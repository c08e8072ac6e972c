import { type DeviceRecord, deviceApi, TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, deviceBindLog } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { type EndpointRequest, serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { type SheetColumn, sendWorkbook, streamWorkbook } from '../../http/xlsx.js';
import { auditTarget } from '../logs/recorder.js';
import { dbmSamples, deviceBatches, deviceVersions, findDevice, listBindLog, listDevices } from './repo.js';
import type { DeviceService } from './service.js';
import { deviceColumns, onlineColumns } from './sheets.js';

/** Handlers of the contract's device endpoints (SPEC section 7; live video, uploads and DVR have their own modules). */
export const deviceRoutes: FastifyPluginAsync<{ db: Db; devices: DeviceService }> = async (app, { db, devices }) => {
  const scopeOf = (req: FastifyRequest) => inScope(principalOf(req), device);

  /** A device of the caller's scope, or PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST. */
  const scopedDevice = async (req: FastifyRequest, by: SQL) => {
    const found = await findDevice(db, scopeOf(req), by);
    if (!found) throw outOfScope(principalOf(req), 'DEVICE_NOT_EXIST');
    return found;
  };

  /** Streams the device list, with its filters, as a workbook of one sheet. */
  const sendSheet =
    (sheet: string, columns: SheetColumn<DeviceRecord>[]) => async (req: EndpointRequest<typeof deviceApi.export>, reply: FastifyReply) => {
      const { filename, ...filters } = req.query;
      return sendWorkbook(reply, filename, sheet, streamWorkbook(sheet, columns, deviceBatches(db, scopeOf(req), filters)));
    };

  serve(app, deviceApi, {
    list: async (req) => listDevices(db, scopeOf(req), req.query),
    info: async (req) => scopedDevice(req, eq(device.id, req.query.deviceId)),
    infoByUuid: async (req) => scopedDevice(req, eq(device.deviceUuid, req.query.deviceUuid)),
    update: async (req) => {
      auditTarget(req, req.body.deviceId);
      await devices.update(principalOf(req), req.body);
      return null;
    },
    remove: async (req) => {
      auditTarget(req, req.params.id);
      await devices.remove(principalOf(req), req.params.id);
      return null;
    },
    setIccid: async (req) => {
      auditTarget(req, req.body.deviceId);
      await devices.setIccid(principalOf(req), req.body);
      return null;
    },
    versions: async (req) => deviceVersions(db, scopeOf(req)),
    dbm: async (req) => {
      const { deviceId, startTime, endTime } = req.query;
      if (endTime <= startTime || endTime - startTime > TRAIL_MAX_RANGE_MS)
        throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
      await scopedDevice(req, eq(device.id, deviceId));
      return dbmSamples(db, deviceId, startTime, endTime);
    },
    bindLog: async (req) => listBindLog(db, inScope(principalOf(req), deviceBindLog), req.query),
    export: sendSheet('devices', deviceColumns),
    exportOnline: sendSheet('device-online', onlineColumns),
    provisioning: async (req) => devices.provisioningState(principalOf(req), req.query.companyId),
    newProvisioningKey: async (req) => {
      const created = await devices.newProvisioningKey(principalOf(req), req.body.companyId);
      auditTarget(req, created.companyId);
      return created;
    },
  });
};
