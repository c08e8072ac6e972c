import { ById, ExportQueryOf, mediaTypes, PageOf } from '../api/common.js';
import {
  CampaignCreateBody,
  CampaignIdBody,
  CampaignListQuery,
  DeviceUpgradeQuery,
  DeviceUpgradeRecord,
  FirmwareListQuery,
  FirmwarePackage,
  UpgradeCampaign,
  UpgradeLogQuery,
  UpgradeLogRecord,
} from '../api/firmware.js';
import { endpoints } from '../endpoint.js';
import { superAdminOnly } from '../roles.js';
import { csvExport } from './exports.js';

/** Firmware is the Super Admin's (SPEC section 2: upgrade-list and deviceLog are Super Admin pages). */
const access = superAdminOnly;

/**
 * Firmware packages, upgrade campaigns and the device upgrade log (SPEC sections 2, 7, 8; docs/device-protocol.md,
 * `upgrade`). SPEC names the upload and the export; the rest are ours beside them.
 */
export const firmwareApi = endpoints('firmware', {
  upload: {
    method: 'POST',
    path: '/v1/device/upgradeDevice2',
    summary:
      'Upload a firmware package (multipart: the fields version, models (comma-separated), notes, then the file `file`); streamed to the store, its SHA-256 computed',
    access,
    audit: 'device.firmware.upload',
    response: FirmwarePackage,
  },
  packages: {
    method: 'GET',
    path: '/v1/device/upgrade/package/list',
    summary: 'The firmware library (/upgradeCollection/index), newest first',
    access,
    query: FirmwareListQuery,
    response: PageOf(FirmwarePackage),
  },
  removePackage: {
    method: 'DELETE',
    path: '/v1/device/upgrade/package/:id',
    summary: 'Delete a package no campaign uses',
    access,
    audit: 'device.firmware.delete',
    auditTarget: 'id',
    params: ById,
  },
  createCampaign: {
    method: 'POST',
    path: '/v1/device/upgrade/campaign',
    summary:
      'Upgrade devices (named, or by the list’s filters and a model) to a package: a task, in stages, halted by its failure threshold (SYSTEM_OTA_VERSION_LOW: a device runs a newer version)',
    access,
    audit: 'device.firmware.campaign',
    body: CampaignCreateBody,
    response: UpgradeCampaign,
  },
  campaigns: {
    method: 'GET',
    path: '/v1/device/upgrade/campaign/list',
    summary: 'Upgrade campaigns, newest first, with their rows counted by state',
    access,
    query: CampaignListQuery,
    response: PageOf(UpgradeCampaign),
  },
  campaign: {
    method: 'GET',
    path: '/v1/device/upgrade/campaign/info',
    summary: 'One upgrade campaign',
    access,
    query: CampaignIdBody,
    response: UpgradeCampaign,
  },
  pause: {
    method: 'POST',
    path: '/v1/device/upgrade/campaign/pause',
    summary: 'Send no more upgrades (devices already upgrading go on)',
    access,
    audit: 'device.firmware.pause',
    auditTarget: 'taskId',
    body: CampaignIdBody,
    response: UpgradeCampaign,
  },
  resume: {
    method: 'POST',
    path: '/v1/device/upgrade/campaign/resume',
    summary: 'Send again after a pause or a halt',
    access,
    audit: 'device.firmware.resume',
    auditTarget: 'taskId',
    body: CampaignIdBody,
    response: UpgradeCampaign,
  },
  abort: {
    method: 'POST',
    path: '/v1/device/upgrade/campaign/abort',
    summary: 'End a campaign: the devices not yet installing are cancelled',
    access,
    audit: 'device.firmware.abort',
    auditTarget: 'taskId',
    body: CampaignIdBody,
    response: UpgradeCampaign,
  },
  devices: {
    method: 'GET',
    path: '/v1/device/upgrade/list',
    summary: 'Devices with their running version and their latest upgrade (/devicepage/upgrade-list)',
    access,
    query: DeviceUpgradeQuery,
    response: PageOf(DeviceUpgradeRecord),
  },
  export: {
    method: 'GET',
    path: '/v1/device/export/upgrade',
    summary: 'The upgrade list as an .xlsx file, with its filters',
    access,
    query: ExportQueryOf(DeviceUpgradeQuery),
    raw: true,
    produces: [mediaTypes.xlsx],
  },
  log: {
    method: 'GET',
    path: '/v2/logs/device/upgrade/list',
    summary: 'The device upgrade log (/system/deviceLog): every attempt, newest first',
    access,
    query: UpgradeLogQuery,
    response: PageOf(UpgradeLogRecord),
  },
  logExport: csvExport(
    '/v2/logs/device/upgrade/export',
    'The device upgrade log as CSV (UTF-8), newest first, with the list’s filters',
    access,
    UpgradeLogQuery,
  ),
});
