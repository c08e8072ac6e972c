import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BindLogQuery,
  BindLogRecord,
  DbmQuery,
  DbmSample,
  DeviceExportQuery,
  DeviceInfoQuery,
  DeviceListQuery,
  DeviceRecord,
  DeviceUpdateBody,
  DeviceUuidQuery,
  DeviceVersionCount,
  fleetAdminsAndAbove,
  IccidBody,
  PageOf,
  ProvisioningBody,
  ProvisioningKey,
  ProvisioningQuery,
  ProvisioningState,
  TRAIL_MAX_RANGE_MS,
} from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { device, deviceBindLog } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { type SheetColumn, sendWorkbook, streamWorkbook, xlsxProduces } from '../../http/xlsx.js';
import { auditTarget } from '../logs/recorder.js';
import { dbmSamples, deviceBatches, deviceVersions, findDevice, listBindLog, listDevices } from './repo.js';
import type { DeviceService } from './service.js';
import { deviceColumns, onlineColumns } from './sheets.js';

const tags = ['devices'];
/** Devices are managed by the admins of their chain (SPEC section 6: deletion rights exist for device info). */
const ADMINS = fleetAdminsAndAbove;
const KEY_MANAGERS = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'] as const;
const Done = Envelope(Type.Null());

/** Device calls of SPEC section 7 that issue 5 brings (live video, uploads, configuration and OTA come later). */
export const deviceRoutes: FastifyPluginAsyncTypebox<{ db: Db; devices: DeviceService }> = async (app, { db, devices }) => {
  const scopeOf = (req: FastifyRequest) => inScope(principalOf(req), device);

  app.get(
    '/v1/device/list',
    {
      schema: {
        tags,
        summary: 'Devices of the caller’s scope, newest first (matched=false: the unmatched ones)',
        querystring: DeviceListQuery,
        response: { 200: Envelope(PageOf(DeviceRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await listDevices(db, scopeOf(req), req.query)),
  );

  app.get(
    '/v1/device/info',
    {
      schema: { tags, summary: 'One device', querystring: DeviceInfoQuery, response: { 200: Envelope(DeviceRecord) } },
      config: { access: 'session' },
    },
    async (req) => {
      const found = await findDevice(db, scopeOf(req), eq(device.id, req.query.deviceId));
      if (!found) throw outOfScope(principalOf(req), 'DEVICE_NOT_EXIST');
      return ok(found);
    },
  );

  app.get(
    '/v1/device/selectDeviceByDeviceUuid',
    {
      schema: { tags, summary: 'One device by its uuid', querystring: DeviceUuidQuery, response: { 200: Envelope(DeviceRecord) } },
      config: { access: 'session' },
    },
    async (req) => {
      const found = await findDevice(db, scopeOf(req), eq(device.deviceUuid, req.query.deviceUuid));
      if (!found) throw outOfScope(principalOf(req), 'DEVICE_NOT_EXIST');
      return ok(found);
    },
  );

  app.put(
    '/v1/device/info',
    {
      schema: { tags, summary: 'Edit a device’s name and channels', body: DeviceUpdateBody, response: { 200: Done } },
      config: { access: ADMINS, audit: 'device.update' },
    },
    async (req) => {
      auditTarget(req, req.body.deviceId);
      await devices.update(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/device/:id',
    {
      schema: {
        tags,
        summary: 'Delete an unbound device',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Done },
      },
      config: { access: ADMINS, audit: 'device.delete' },
    },
    async (req) => {
      auditTarget(req, req.params.id);
      await devices.remove(principalOf(req), req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/v1/device/set/iccid',
    {
      schema: { tags, summary: 'Set the SIM card (ICCID) of a device', body: IccidBody, response: { 200: Done } },
      config: { access: ADMINS, audit: 'device.iccid' },
    },
    async (req) => {
      auditTarget(req, req.body.deviceId);
      await devices.setIccid(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.get(
    '/v1/device/getDeviceVersion',
    {
      schema: {
        tags,
        summary: 'Firmware versions in the caller’s scope, with how many devices run each',
        response: { 200: Envelope(Type.Array(DeviceVersionCount)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await deviceVersions(db, scopeOf(req))),
  );

  app.get(
    '/v1/device/dbm/listV1',
    {
      schema: {
        tags,
        summary: 'Network strength of a device over a range (at most 7 days)',
        querystring: DbmQuery,
        response: { 200: Envelope(Type.Array(DbmSample)) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const { deviceId, startTime, endTime } = req.query;
      if (endTime <= startTime || endTime - startTime > TRAIL_MAX_RANGE_MS)
        throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
      const found = await findDevice(db, scopeOf(req), eq(device.id, deviceId));
      if (!found) throw outOfScope(principalOf(req), 'DEVICE_NOT_EXIST');
      return ok(await dbmSamples(db, deviceId, startTime, endTime));
    },
  );

  app.get(
    '/v2/logs/bind/list',
    {
      schema: {
        tags,
        summary: 'Binding and unbinding of devices, newest first',
        querystring: BindLogQuery,
        response: { 200: Envelope(PageOf(BindLogRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await listBindLog(db, inScope(principalOf(req), deviceBindLog), req.query)),
  );

  const exportRoute = (path: string, summary: string, sheet: string, columns: SheetColumn<DeviceRecord>[]) =>
    app.get(
      path,
      { schema: { tags, summary, querystring: DeviceExportQuery, produces: xlsxProduces }, config: { access: 'session' } },
      async (req, reply: FastifyReply) => {
        const { filename, ...filters } = req.query as DeviceExportQuery;
        return sendWorkbook(reply, filename, sheet, streamWorkbook(sheet, columns, deviceBatches(db, scopeOf(req), filters)));
      },
    );
  exportRoute('/v1/device/export', 'The device list as an .xlsx file, with the list’s filters', 'devices', deviceColumns);
  exportRoute(
    '/v1/device/deviceOnlineExport',
    'When the devices were online, as an .xlsx file, with the list’s filters',
    'device-online',
    onlineColumns,
  );

  app.get(
    '/v1/device/provisioning',
    {
      schema: {
        tags,
        summary: 'Whether a company has a provisioning key for new devices',
        querystring: ProvisioningQuery,
        response: { 200: Envelope(ProvisioningState) },
      },
      config: { access: KEY_MANAGERS },
    },
    async (req) => ok(await devices.provisioningState(principalOf(req), req.query.companyId)),
  );

  app.post(
    '/v1/device/provisioning',
    {
      schema: {
        tags,
        summary: 'Make a new provisioning key for a company (shown once; the old one stops working)',
        body: ProvisioningBody,
        response: { 200: Envelope(ProvisioningKey) },
      },
      config: { access: KEY_MANAGERS, audit: 'device.provisioning', sessionOnly: true },
    },
    async (req) => {
      const created = await devices.newProvisioningKey(principalOf(req), req.body.companyId);
      auditTarget(req, created.companyId);
      return ok(created);
    },
  );
};
