import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OperationLogQuery, OperationLogRecord, PageOf } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { operationLog } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { csvLine } from '../../http/csv.js';
import { Envelope, ok } from '../../http/envelope.js';
import { inScope } from '../../http/scope.js';
import { listLogs, logBatches } from './repo.js';

export const logRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/v1/system/log/list',
    {
      schema: {
        tags: ['logs'],
        summary: 'The operation log of everyone in the caller’s scope, newest first',
        querystring: OperationLogQuery,
        response: { 200: Envelope(PageOf(OperationLogRecord)) },
      },
      config: { access: ['SUPER_ADMIN', 'AGENT_ADMIN'] },
    },
    async (req) => ok(await listLogs(db, inScope(principalOf(req), operationLog), req.query)),
  );

  app.get(
    '/v1/system/log/export',
    {
      schema: {
        tags: ['logs'],
        summary: 'The operation log of the caller’s scope as CSV (UTF-8), newest first, with the list’s filters',
        querystring: Type.Omit(OperationLogQuery, ['page', 'limit']),
        produces: ['text/csv'],
      },
      config: { access: ['SUPER_ADMIN', 'AGENT_ADMIN'] },
    },
    async (req, reply) => {
      const batches = logBatches(db, inScope(principalOf(req), operationLog), req.query);
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
  );

  app.get(
    '/v1/account/log/list',
    {
      schema: {
        tags: ['logs'],
        summary: 'The caller’s own operation log, newest first',
        querystring: OperationLogQuery,
        response: { 200: Envelope(PageOf(OperationLogRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await listLogs(db, eq(operationLog.accountId, principalOf(req).accountId), req.query)),
  );
};
