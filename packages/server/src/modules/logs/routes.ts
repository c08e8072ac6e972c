import { Readable } from 'node:stream';
import { logApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { csvLine } from '../../http/csv.js';
import { serve } from '../../http/endpoints.js';
import { deviceOperationBatches, listDeviceOperations, toDeviceOperation } from './device-operations.js';
import { listLogs, listOwnLogs, logBatches } from './repo.js';

/** Handlers of the contract's operation-log endpoints. */
export const logRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, logApi, {
    list: async (req) => listLogs(db, principalOf(req), req.query),
    export: async (req, reply) => {
      const batches = logBatches(db, principalOf(req), req.query);
      const lines = async function* () {
        // A byte-order mark, so spreadsheet programs read the file as UTF-8.
        yield `\uFEFF${csvLine(['time (UTC)', 'username', 'role', 'action', 'target', 'result', 'address'])}`;
        for await (const rows of batches) {
          yield rows.map((r) => csvLine([r.at.toISOString(), r.username, r.role, r.action, r.target, r.result, r.ip])).join('');
        }
      };
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="operation-log-${day}.csv"`)
        .send(Readable.from(lines()));
    },
    own: async (req) => listOwnLogs(db, principalOf(req), req.query),
    devices: async (req) => listDeviceOperations(db, req.query),
    devicesExport: async (req, reply) => {
      const batches = deviceOperationBatches(db, req.query);
      const lines = async function* () {
        yield `\uFEFF${csvLine(['time (UTC)', 'username', 'role', 'action', 'device', 'before', 'after', 'result', 'address'])}`;
        for await (const rows of batches) {
          yield rows
            .map(toDeviceOperation)
            .map((r) =>
              csvLine([
                new Date(r.at).toISOString(),
                r.username,
                r.role,
                r.action,
                r.deviceUuid ?? r.target,
                r.before ? JSON.stringify(r.before) : null,
                r.after ? JSON.stringify(r.after) : null,
                r.result,
                r.ip,
              ]),
            )
            .join('');
        }
      };
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="device-operation-log-${day}.csv"`)
        .send(Readable.from(lines()));
    },
  });
};
