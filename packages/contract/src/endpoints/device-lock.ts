import { Type } from 'typebox';
import { ById, PageOf } from '../api/common.js';
import {
  DeviceLockRecord,
  LockBatchBody,
  LockBatchResult,
  LockLinkBody,
  LockLinkIssued,
  LockLinkRecord,
  LockListQuery,
  LockSaveBody,
  PublicLockBody,
  PublicLockList,
  PublicLockQuery,
  PublicLockResult,
  TamperQuery,
  TamperRecord,
} from '../api/device-lock.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove, superAdminOnly } from '../roles.js';

/**
 * Device locks (SPEC section 7, `/v2/device/setting/save` and `/setting/batch/save`; issue 18): locked devices refuse
 * local changes and the portal's unbind, move and delete; `/device/setting` lists them, and an installer's link opens
 * `/deviceLock` for some devices without an account.
 */
export const deviceLockApi = endpoints('device-locks', {
  list: {
    method: 'GET',
    path: '/v2/device/setting/list',
    summary: 'The devices of the caller’s scope with their locks: wanted and reported state, refused local actions',
    access: 'session',
    query: LockListQuery,
    response: PageOf(DeviceLockRecord),
  },
  save: {
    method: 'POST',
    path: '/v2/device/setting/save',
    summary: 'Lock a device with a new PIN, or unlock it with its PIN (a Super Admin may leave the PIN out)',
    access: fleetAdminsAndAbove,
    audit: 'device.lock.save',
    auditTarget: 'deviceId',
    body: LockSaveBody,
    response: DeviceLockRecord,
  },
  batchSave: {
    method: 'POST',
    path: '/v2/device/setting/batch/save',
    summary: 'Lock or unlock many devices in one transaction: one that cannot be changed changes none',
    access: fleetAdminsAndAbove,
    audit: 'device.lock.batch',
    auditTarget: 'deviceIds',
    body: LockBatchBody,
    response: LockBatchResult,
  },
  tampers: {
    method: 'GET',
    path: '/v2/device/setting/tamper/list',
    summary: 'The local actions a device’s lock refused, newest first',
    access: 'session',
    query: TamperQuery,
    response: PageOf(TamperRecord),
  },
  issueLink: {
    method: 'POST',
    path: '/v2/device/setting/link',
    summary: 'An installer’s link to the lock page of some devices, for some hours and PIN actions (its URL is answered once)',
    access: superAdminOnly,
    audit: 'device.lock.link',
    auditTarget: 'deviceIds',
    body: LockLinkBody,
    response: LockLinkIssued,
  },
  links: {
    method: 'GET',
    path: '/v2/device/setting/link/list',
    summary: 'The installer links still open (not expired, uses left), newest first',
    access: superAdminOnly,
    response: Type.Array(LockLinkRecord),
  },
  revokeLink: {
    method: 'POST',
    path: '/v2/device/setting/link/revoke',
    summary: 'Close an installer link at once',
    access: superAdminOnly,
    audit: 'device.lock.link.revoke',
    auditTarget: 'id',
    body: ById,
  },
  publicList: {
    method: 'GET',
    path: '/v2/device/setting/public/list',
    summary: 'The devices an installer link opens, with their lock state only (no session: the token is the whole authority)',
    access: 'public',
    // Guessing tokens is held to the login's pace.
    rate: 'public',
    query: PublicLockQuery,
    response: PublicLockList,
  },
  publicSave: {
    method: 'POST',
    path: '/v2/device/setting/public/save',
    summary: 'Lock or unlock one device of an installer link with the PIN; uses one of the link’s uses',
    access: 'public',
    rate: 'public',
    audit: 'device.lock.public',
    auditTarget: 'deviceId',
    body: PublicLockBody,
    response: PublicLockResult,
  },
});
