import { Type } from 'typebox';
import { ById, mediaTypes, PageOf } from '../api/common.js';
import {
  BindLogQuery,
  BindLogRecord,
  DbmQuery,
  DbmSample,
  DeviceExportQuery,
  DeviceInfoQuery,
  DeviceListQuery,
  DeviceOnlineExportQuery,
  DeviceRecord,
  DeviceUpdateBody,
  DeviceUuidQuery,
  DeviceVersionCount,
  IccidBody,
  OnlineSummaryQuery,
  OnlineSummaryRecord,
  ProvisioningBody,
  ProvisioningKey,
  ProvisioningQuery,
  ProvisioningState,
} from '../api/device.js';
import {
  DeviceAlertCount,
  DeviceAlertHandleBody,
  DeviceAlertHandled,
  DeviceAlertPage,
  DeviceAlertQuery,
  DeviceStatusPage,
  DeviceStatusQuery,
} from '../api/device-alert.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove, type Role } from '../roles.js';

/** Devices are managed by the admins of their chain (SPEC section 6: deletion rights exist for device info). */
const admins = fleetAdminsAndAbove;
/** A company's provisioning key: a Company Admin its own company's, wider roles any company in scope. */
const keyManagers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'];

/** The device list as a spreadsheet: both exports take the list's filters. */
const exportOf = <const P extends `/${string}`, Q extends typeof DeviceExportQuery>(path: P, summary: string, query: Q) =>
  ({ method: 'GET', path, summary, access: 'session', query, raw: true, produces: [mediaTypes.xlsx] }) as const;

/** Device calls of SPEC section 7 that issue 5 brings (live video, uploads, configuration and OTA come later). */
export const deviceApi = endpoints('devices', {
  list: {
    method: 'GET',
    path: '/v1/device/list',
    summary: 'Devices of the caller’s scope, newest first (matched=false: the unmatched ones)',
    access: 'session',
    query: DeviceListQuery,
    response: PageOf(DeviceRecord),
  },
  info: {
    method: 'GET',
    path: '/v1/device/info',
    summary: 'One device',
    access: 'session',
    query: DeviceInfoQuery,
    response: DeviceRecord,
  },
  infoByUuid: {
    method: 'GET',
    path: '/v1/device/selectDeviceByDeviceUuid',
    summary: 'One device by its uuid',
    access: 'session',
    query: DeviceUuidQuery,
    response: DeviceRecord,
  },
  update: {
    method: 'PUT',
    path: '/v1/device/info',
    summary: 'Edit a device’s name and channels',
    access: admins,
    audit: 'device.update',
    auditTarget: 'deviceId',
    body: DeviceUpdateBody,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/device/:id',
    summary: 'Delete an unbound device',
    access: admins,
    audit: 'device.delete',
    auditTarget: 'id',
    params: ById,
  },
  setIccid: {
    method: 'POST',
    path: '/v1/device/set/iccid',
    summary: 'Set the SIM card (ICCID) of a device',
    access: admins,
    audit: 'device.iccid',
    auditTarget: 'deviceId',
    body: IccidBody,
  },
  versions: {
    method: 'GET',
    path: '/v1/device/getDeviceVersion',
    summary: 'Firmware versions in the caller’s scope, with how many devices run each',
    access: 'session',
    response: Type.Array(DeviceVersionCount),
  },
  dbm: {
    method: 'GET',
    path: '/v1/device/dbm/listV1',
    summary: 'Network strength of a device over a range (at most 7 days)',
    access: 'session',
    query: DbmQuery,
    response: Type.Array(DbmSample),
  },
  bindLog: {
    method: 'GET',
    path: '/v2/logs/bind/list',
    summary: 'Binding and unbinding of devices, newest first',
    access: 'session',
    query: BindLogQuery,
    response: PageOf(BindLogRecord),
  },
  onlineSummary: {
    method: 'GET',
    path: '/v1/device/online/summary',
    summary: 'Online time per device and day over a span (at most 31 days), in the caller’s days',
    access: 'session',
    query: OnlineSummaryQuery,
    response: PageOf(OnlineSummaryRecord),
  },
  export: exportOf('/v1/device/export', 'The device list as an .xlsx file, with the list’s filters', DeviceExportQuery),
  exportOnline: exportOf(
    '/v1/device/deviceOnlineExport',
    'When the devices were online, as an .xlsx file, with the list’s filters; with onlineFrom/onlineTo (at most 31 days) also their online hours per day',
    DeviceOnlineExportQuery,
  ),
  provisioning: {
    method: 'GET',
    path: '/v1/device/provisioning',
    summary: 'Whether a company has a provisioning key for new devices',
    access: keyManagers,
    query: ProvisioningQuery,
    response: ProvisioningState,
  },
  newProvisioningKey: {
    method: 'POST',
    path: '/v1/device/provisioning',
    summary: 'Make a new provisioning key for a company (shown once; the old one stops working)',
    access: keyManagers,
    audit: 'device.provisioning',
    sessionOnly: true,
    body: ProvisioningBody,
    response: ProvisioningKey,
  },
});

/**
 * Devices' running-status alerts: SPEC section 7 names `/v2/device/running/event/check`; list, handle and the devices'
 * status list (`/device/monitor`) are ours beside it.
 */
export const deviceAlertApi = endpoints('device-alerts', {
  count: {
    method: 'GET',
    path: '/v2/device/running/event/check',
    summary: 'How many running-status alerts of the caller’s devices are pending (the menu’s red badge)',
    access: 'session',
    response: DeviceAlertCount,
  },
  list: {
    method: 'GET',
    path: '/v2/device/running/event/list',
    summary: 'Running-status alerts of the caller’s devices, newest first, by state, fault, one device (deviceId) and device or plate',
    access: 'session',
    query: DeviceAlertQuery,
    response: DeviceAlertPage,
  },
  handle: {
    method: 'PUT',
    path: '/v2/device/running/event/handle',
    summary: 'Mark pending alerts handled, with a note (all or none)',
    /** The administrators who edit devices. */
    access: admins,
    audit: 'device.alert.handle',
    auditTarget: 'ids',
    body: DeviceAlertHandleBody,
    response: DeviceAlertHandled,
  },
  statusList: {
    method: 'GET',
    path: '/v2/device/running/status/list',
    summary: 'The running status of the caller’s devices: online, open faults, how many are pending, last health report',
    access: 'session',
    query: DeviceStatusQuery,
    response: DeviceStatusPage,
  },
});
