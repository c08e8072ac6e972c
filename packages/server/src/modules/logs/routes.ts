import { logApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { sendCsv } from '../../http/csv.js';
import { serve } from '../../http/endpoints.js';
import { fileLanguage } from '../../http/language.js';
import { exportTexts, resultText, roleName } from '../../texts/exports.js';
import { withUnit } from '../../texts/format.js';
import { deviceOperationBatches, listDeviceOperations, toDeviceOperation } from './device-operations.js';
import { listLogs, listOwnLogs, logBatches } from './repo.js';

/** Handlers of the contract's operation-log endpoints. */
export const logRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, logApi, {
    list: async (req) => listLogs(db, principalOf(req), req.query),
    export: async (req, reply) => {
      const batches = logBatches(db, principalOf(req), req.query);
      const language = fileLanguage(req);
      const { columns: c } = exportTexts[language];
      const rows = async function* () {
        for await (const batch of batches)
          yield batch.map((r) => [
            r.at.toISOString(),
            r.username,
            roleName(language, r.role),
            r.action,
            r.target,
            resultText(language, r.result),
            r.ip,
          ]);
      };
      const header = [withUnit(c.time, 'UTC'), c.username, c.role, c.action, c.target, c.result, c.address];
      return sendCsv(reply, 'operation-log', header, rows());
    },
    own: async (req) => listOwnLogs(db, principalOf(req), req.query),
    devices: async (req) => listDeviceOperations(db, req.query),
    devicesExport: async (req, reply) => {
      const batches = deviceOperationBatches(db, req.query);
      const language = fileLanguage(req);
      const { columns: c } = exportTexts[language];
      const rows = async function* () {
        for await (const batch of batches)
          yield batch
            .map(toDeviceOperation)
            .map((r) => [
              new Date(r.at).toISOString(),
              r.username,
              roleName(language, r.role),
              r.action,
              r.deviceUuid ?? r.target,
              r.before ? JSON.stringify(r.before) : null,
              r.after ? JSON.stringify(r.after) : null,
              resultText(language, r.result),
              r.ip,
            ]);
      };
      const header = [withUnit(c.time, 'UTC'), c.username, c.role, c.action, c.device, c.before, c.after, c.result, c.address];
      return sendCsv(reply, 'device-operation-log', header, rows());
    },
  });
};
