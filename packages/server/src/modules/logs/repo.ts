import type { OperationLogQuery, OperationLogRecord, Page } from '@safety-shield/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBatches, pageOf } from '../../db/paging.js';
import { operationLog } from '../../db/schema.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

export type LogEntry = typeof operationLog.$inferInsert;

export async function appendLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(operationLog).values(entry);
}

export type LogFilters = Omit<OperationLogQuery, 'page' | 'limit'>;

/** The caller's scope condition and the list's filters. */
function matching(scope: SQL, query: LogFilters): SQL | undefined {
  return and(
    scope,
    query.username ? ilike(operationLog.username, containing(query.username)) : undefined,
    query.action ? ilike(operationLog.action, containing(query.action)) : undefined,
    query.result ? eq(operationLog.result, query.result) : undefined,
    query.from !== undefined ? gte(operationLog.at, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(operationLog.at, new Date(query.to)) : undefined,
  );
}

/** Every matching line of the caller's scope, newest first, a batch at a time (an export never holds the whole log). */
export function logBatches(db: Db, principal: Principal, query: LogFilters) {
  const filter = matching(inScope(principal, operationLog), query);
  const select = (below: SQL | undefined) => db.select().from(operationLog).where(and(filter, below)).$dynamic();
  return inBatches(operationLog.id, select, (row) => row.id);
}

/** A page of the log lines of the caller's scope, newest first. */
export function listLogs(db: Db, principal: Principal, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  return listLogsWhere(db, inScope(principal, operationLog), query);
}

/** A page of the caller's own log lines, newest first. */
export function listOwnLogs(db: Db, principal: Principal, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  return listLogsWhere(db, eq(operationLog.accountId, principal.accountId), query);
}

/** A page of the log, newest first, under a condition that already holds the caller's scope. */
function listLogsWhere(db: Db, scope: SQL, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  const where = matching(scope, query);
  return pageOf(
    query,
    db
      .select({
        id: operationLog.id,
        at: operationLog.at,
        username: operationLog.username,
        role: operationLog.role,
        action: operationLog.action,
        target: operationLog.target,
        result: operationLog.result,
        ip: operationLog.ip,
      })
      .from(operationLog)
      .where(where)
      .orderBy(desc(operationLog.at), desc(operationLog.id))
      .$dynamic(),
    db.select({ n: count() }).from(operationLog).where(where),
    (row) => ({ ...row, at: row.at.getTime() }),
  );
}
