import { DeviceOperationQuery, DeviceOperationRecord, OperationLogQuery, OperationLogRecord } from '../api/account.js';
import { PageOf } from '../api/common.js';
import { endpoints } from '../endpoint.js';
import { type Role, superAdminOnly } from '../roles.js';
import { csvExport } from './exports.js';

/** SPEC section 2: the system log (/system/log) is the Super and Agent Admins’. */
const readers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];

/** The operation log (SPEC section 9): of the caller’s scope, as CSV, and the caller’s own. */
export const logApi = endpoints('logs', {
  list: {
    method: 'GET',
    path: '/v1/system/log/list',
    summary: 'The operation log of everyone in the caller’s scope, newest first',
    access: readers,
    query: OperationLogQuery,
    response: PageOf(OperationLogRecord),
  },
  export: csvExport(
    '/v1/system/log/export',
    'The operation log of the caller’s scope as CSV (UTF-8), newest first, with the list’s filters',
    readers,
    OperationLogQuery,
  ),
  devices: {
    method: 'GET',
    path: '/v2/logs/device/operation/list',
    summary: 'What operators did to devices (configuration, edits, tasks), newest first, with before → after',
    access: superAdminOnly,
    query: DeviceOperationQuery,
    response: PageOf(DeviceOperationRecord),
  },
  devicesExport: csvExport(
    '/v2/logs/device/operation/export',
    'The device operation log as CSV (UTF-8), newest first, with the list’s filters',
    superAdminOnly,
    DeviceOperationQuery,
  ),
  own: {
    method: 'GET',
    path: '/v1/account/log/list',
    summary: 'The caller’s own operation log, newest first',
    access: 'session',
    query: OperationLogQuery,
    response: PageOf(OperationLogRecord),
  },
});
