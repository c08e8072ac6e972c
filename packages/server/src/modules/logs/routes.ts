import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OperationLogQuery, OperationLogRecord, PageOf } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { operationLog } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { inScope } from '../../http/scope.js';
import { listLogs } from './repo.js';

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
