import { logApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { sendCsv } from '../../http/csv.js';
import { serve } from '../../http/endpoints.js';
import { deviceOperationBatches, listDeviceOperations, toDeviceOperation } from './device-operations.js';
import { listLogs, listOwnLogs, logBatches } from './repo.js';

/** Handlers of the contract's operation-log endpoints. */
export const logRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, logApi, {
    list: async (req) => listLogs(db, principalOf(req), req.query),
    export: async (req, reply) => {
      const batches = logBatches(db, principalOf(req), req.query);
      const rows = async function* () {
        for await (const batch of batches)
          yield batch.map((r) => [r.at.toISOString(), r.username, r.role, r.action, r.target, r.result, r.ip]);
      };
      return sendCsv(reply, 'operation-log', ['time (UTC)', 'username', 'role', 'action', 'target', 'result', 'address'], rows());
    },
    own: async (req) => listOwnLogs(db, principalOf(req), req.query),
    devices: async (req) => listDeviceOperations(db, req.query),
    devicesExport: async (req, reply) => {
      const batches = deviceOperationBatches(db, req.query);
      const rows = async function* () {
        for await (const batch of batches)
          yield batch
            .map(toDeviceOperation)
            .map((r) => [
              new Date(r.at).toISOString(),
              r.username,
              r.role,
              r.action,
              r.deviceUuid ?? r.target,
              r.before ? JSON.stringify(r.before) : null,
              r.after ? JSON.stringify(r.after) : null,
              r.result,
              r.ip,
            ]);
      };
      const header = ['time (UTC)', 'username', 'role', 'action', 'device', 'before', 'after', 'result', 'address'];
      return sendCsv(reply, 'device-operation-log', header, rows());
    },
  });
};
