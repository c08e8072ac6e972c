import { firmwareApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { sendCsv } from '../../http/csv.js';
import { serve } from '../../http/endpoints.js';
import { fileLanguage } from '../../http/language.js';
import { sendSheet } from '../../http/xlsx.js';
import { exportTexts } from '../../texts/exports.js';
import { withUnit } from '../../texts/format.js';
import { auditDetail, auditTarget } from '../logs/index.js';
import type { UpgradeCampaigns } from './campaigns.js';
import type { FirmwarePackages } from './packages.js';
import { deviceUpgradeBatches, listDeviceUpgrades, listUpgradeLog, upgradeColumns, upgradeLogBatches } from './upgrade-list.js';

/** Firmware packages, campaigns, the upgrade list and the device upgrade log (SPEC section 7). */
export const firmwareRoutes: FastifyPluginAsync<{ db: Db; packages: FirmwarePackages; campaigns: UpgradeCampaigns }> = async (
  app,
  { db, packages, campaigns },
) => {
  // `upgradeDevice2` reads its multipart form as a stream (parsed by the packages' upload, never buffered here).
  app.addContentTypeParser('multipart/form-data', (_req, payload, done) => done(null, payload));

  serve(app, firmwareApi, {
    upload: async (req) => {
      const made = await packages.upload(principalOf(req), req);
      auditTarget(req, made.id);
      auditDetail(req, { after: { version: made.version, models: made.models, size: made.size, sha256: made.sha256 } });
      return made;
    },
    packages: async (req) => packages.list(req.query),
    removePackage: async (req) => packages.remove(req.params.id),
    createCampaign: async (req) => {
      const made = await campaigns.create(principalOf(req), req.body);
      auditTarget(req, made.id);
      auditDetail(req, { after: { version: made.version, devices: made.total, firstStagePercent: made.firstStagePercent } });
      return made;
    },
    campaigns: async (req) => campaigns.list(principalOf(req), req.query),
    campaign: async (req) => campaigns.info(principalOf(req), req.query.taskId),
    pause: async (req) => campaigns.pause(principalOf(req), req.body.taskId),
    resume: async (req) => campaigns.resume(principalOf(req), req.body.taskId),
    abort: async (req) => campaigns.abort(principalOf(req), req.body.taskId),
    devices: async (req) => listDeviceUpgrades(db, principalOf(req), req.query),
    export: async (req, reply) => {
      const { filename, ...filters } = req.query;
      const batches = deviceUpgradeBatches(db, principalOf(req), filters);
      return sendSheet(req, reply, { filename, fallback: 'device-upgrades', sheet: 'deviceUpgrades', columns: upgradeColumns, batches });
    },
    log: async (req) => listUpgradeLog(db, principalOf(req), req.query),
    logExport: async (req, reply) => {
      const batches = upgradeLogBatches(db, principalOf(req), req.query);
      const { columns: c, result } = exportTexts[fileLanguage(req)];
      const rows = async function* () {
        for await (const batch of batches)
          yield batch.map((r) => [
            new Date(r.endTime).toISOString(),
            r.startTime === null ? null : new Date(r.startTime).toISOString(),
            r.deviceUuid,
            r.packageVersion,
            r.fromVersion,
            r.toVersion,
            result[r.result],
            r.reason,
          ]);
      };
      const header = [
        withUnit(c.ended, 'UTC'),
        withUnit(c.started, 'UTC'),
        c.device,
        c.packageVersion,
        c.fromVersion,
        c.toVersion,
        c.result,
        c.reason,
      ];
      return sendCsv(reply, 'device-upgrade-log', header, rows());
    },
  });
};
