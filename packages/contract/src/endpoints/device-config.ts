import { Type } from 'typebox';
import { PageOf } from '../api/common.js';
import {
  AlarmArea,
  ConfigDeviceQuery,
  ConfigDispatchQuery,
  ConfigHistoryQuery,
  ConfigInfoQuery,
  ConfigRevertQuery,
  ConfigSaveBody,
  ConfigUpdateBody,
  ConfigVersion,
  ConfigVersionQuery,
  DeviceConfigState,
  DeviceReportedConfig,
  detectionTypes,
  ReceiveConfigBody,
  ReportedConfig,
} from '../api/device-config.js';
import {
  BatchDispatchBody,
  DeviceTask,
  DeviceTaskRow,
  RuntimeLogOrderBody,
  RuntimeLogQuery,
  RuntimeLogRecord,
  TaskCancelBody,
  TaskIdBody,
  TaskListQuery,
  TaskRowQuery,
} from '../api/device-task.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove } from '../roles.js';

/** Configurations are changed by the administrators who edit devices. */
const admins = fleetAdminsAndAbove;

/**
 * A device's configuration (SPEC section 7, `/v2/device/config/*` and `/v1/device/*DeviceConfig`): versions kept per
 * device, dispatched over the device protocol (docs/device-protocol.md, `config`), with history and revert.
 */
export const deviceConfigApi = endpoints('device-config', {
  info: {
    method: 'GET',
    path: '/v2/device/config/info',
    summary: 'A device’s configuration: the version it applied, the one on its way, the draft and what the device reports',
    access: 'session',
    query: ConfigInfoQuery,
    response: DeviceConfigState,
  },
  save: {
    method: 'POST',
    path: '/v2/device/config/save',
    summary: 'Save a device’s next configuration (its draft; partial by default: the properties given change)',
    access: admins,
    audit: 'device.config.save',
    auditTarget: 'deviceId',
    body: ConfigSaveBody,
    response: ConfigVersion,
  },
  update: {
    method: 'POST',
    path: '/v2/device/config/update',
    summary: 'Edit a draft or saved version',
    access: admins,
    audit: 'device.config.update',
    auditTarget: 'deviceConfigTempLogsId',
    body: ConfigUpdateBody,
    response: ConfigVersion,
  },
  dispatch: {
    method: 'GET',
    path: '/v2/device/config/dispatch',
    summary: 'Send a saved version to the device (at once when online, else when it connects)',
    access: admins,
    audit: 'device.config.dispatch',
    auditTarget: 'deviceId',
    query: ConfigDispatchQuery,
    response: ConfigVersion,
  },
  cancel: {
    method: 'GET',
    path: '/v2/device/config/cancel',
    summary: 'Cancel the version on its way to the device (null: none was)',
    access: admins,
    audit: 'device.config.cancel',
    auditTarget: 'deviceId',
    query: ConfigDeviceQuery,
    response: Type.Union([ConfigVersion, Type.Null()]),
  },
  synch: {
    method: 'GET',
    path: '/v2/device/config/synch',
    summary: 'Ask the device which configuration it runs (it must be online)',
    access: admins,
    query: ConfigDeviceQuery,
    response: ReportedConfig,
  },
  historyList: {
    method: 'GET',
    path: '/v2/device/config/history/list',
    summary: 'A device’s configuration versions, newest first',
    access: 'session',
    query: ConfigHistoryQuery,
    response: PageOf(ConfigVersion),
  },
  history: {
    method: 'GET',
    path: '/v2/device/config/history',
    summary: 'One configuration version',
    access: 'session',
    query: ConfigVersionQuery,
    response: ConfigVersion,
  },
  revert: {
    method: 'GET',
    path: '/v2/device/config/history/revert',
    summary: 'Make an old version the device’s new draft',
    access: admins,
    audit: 'device.config.revert',
    auditTarget: 'deviceConfigTempLogsId',
    query: ConfigRevertQuery,
    response: ConfigVersion,
  },
  download: {
    method: 'GET',
    path: '/v2/device/config/download',
    summary: 'A configuration version as a JSON file (the APN password left out)',
    access: 'session',
    query: Type.Object({
      deviceId: ConfigDeviceQuery.properties.deviceId,
      deviceConfigLogsId: ConfigInfoQuery.properties.deviceConfigLogsId,
    }),
    raw: true,
    produces: ['application/json'],
  },
  alarmType: {
    method: 'GET',
    path: '/v2/device/config/alarmType',
    summary: 'The detections a configuration can switch on or off',
    access: 'session',
    response: Type.Array(Type.Enum(detectionTypes)),
  },
  alarmArea: {
    method: 'GET',
    path: '/v2/device/config/alarmArea',
    summary: 'The alarm areas (geofences) of a device’s current configuration or of a version',
    access: 'session',
    query: Type.Object({
      deviceId: ConfigDeviceQuery.properties.deviceId,
      deviceConfigLogsId: ConfigInfoQuery.properties.deviceConfigLogsId,
    }),
    response: Type.Array(AlarmArea),
  },
  batchDispatch: {
    method: 'POST',
    path: '/v2/device/config/batchDispatch',
    summary: 'Change many devices’ configuration at once (by ids or by the device list’s filters): a task with a row per device',
    access: admins,
    audit: 'device.config.batchDispatch',
    body: BatchDispatchBody,
    response: DeviceTask,
  },
  received: {
    method: 'GET',
    path: '/v1/device/receiveDeviceConfig',
    summary: 'The configuration a device last reported it runs',
    access: 'session',
    query: Type.Object({ deviceId: ConfigDeviceQuery.properties.deviceId }),
    response: DeviceReportedConfig,
  },
  receivedMany: {
    method: 'POST',
    path: '/v1/device/multiple/receiveDeviceConfig',
    summary: 'The configurations devices last reported they run',
    access: 'session',
    /** A read, POSTed for its list of ids; logged like every POST. */
    audit: 'device.config.received',
    body: ReceiveConfigBody,
    response: Type.Array(DeviceReportedConfig),
  },
});

/** Device tasks (`/devicepage/taskManager`): SPEC section 7 names the list; the rest are ours beside it. */
export const deviceTaskApi = endpoints('device-tasks', {
  list: {
    method: 'GET',
    path: '/v2/device/config/task/list',
    summary: 'Device tasks of the caller’s scope, newest first, with their rows counted by state',
    access: 'session',
    query: TaskListQuery,
    response: PageOf(DeviceTask),
  },
  info: {
    method: 'GET',
    path: '/v2/device/task/info',
    summary: 'One device task',
    access: 'session',
    query: TaskIdBody,
    response: DeviceTask,
  },
  rows: {
    method: 'GET',
    path: '/v2/device/task/rows',
    summary: 'A task’s devices, one row each, by state and uuid',
    access: 'session',
    query: TaskRowQuery,
    response: PageOf(DeviceTaskRow),
  },
  cancel: {
    method: 'POST',
    path: '/v2/device/task/cancel',
    summary: 'Cancel a task’s open rows, or some of them (a device that already applied the change keeps it)',
    access: admins,
    audit: 'device.task.cancel',
    auditTarget: 'taskId',
    body: TaskCancelBody,
    response: DeviceTask,
  },
  retry: {
    method: 'POST',
    path: '/v2/device/task/retry',
    summary: 'Send a task’s failed and expired rows again',
    access: admins,
    audit: 'device.task.retry',
    auditTarget: 'taskId',
    body: TaskIdBody,
    response: DeviceTask,
  },
});

/** Runtime logs devices upload on order (SPEC section 7 names the order; `/collection/index` lists what came). */
export const runtimeLogApi = endpoints('runtime-logs', {
  order: {
    method: 'POST',
    path: '/v1/device/runtime/logs/order/new',
    summary: 'Ask devices to upload their runtime logs: a task with a row per device',
    access: admins,
    audit: 'device.runtimeLog.order',
    body: RuntimeLogOrderBody,
    response: DeviceTask,
  },
  list: {
    method: 'GET',
    path: '/v2/device/runtime/logs/list',
    summary: 'Runtime logs uploaded by the caller’s devices, newest first',
    access: 'session',
    query: RuntimeLogQuery,
    response: PageOf(RuntimeLogRecord),
  },
  download: {
    method: 'GET',
    path: '/v2/device/runtime/logs/download',
    summary: 'One runtime log as the device uploaded it (gzip)',
    access: 'session',
    query: Type.Object({ id: RuntimeLogRecord.properties.id }),
    raw: true,
    produces: ['application/gzip'],
  },
});
