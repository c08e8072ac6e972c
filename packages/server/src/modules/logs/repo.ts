import type { OperationLogQuery, OperationLogRecord, Page } from '@safety-shield/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { inBatches, pageOf } from '../../db/paging.js';
import { evidenceAccess, operationLog } from '../../db/schema.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

export type LogEntry = typeof operationLog.$inferInsert;

export async function appendLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(operationLog).values(entry);
}

export type LogFilters = Omit<OperationLogQuery, 'page' | 'limit'>;

/** The columns of a log line, as both kinds of line answer them. */
interface LineColumns {
  at: PgColumn;
  username: SQL;
  action: SQL;
  result: SQL;
}

const operationLine: LineColumns = {
  at: operationLog.at,
  username: sql`${operationLog.username}`,
  action: sql`${operationLog.action}`,
  result: sql`${operationLog.result}`,
};

/** The list's filters on one kind of line. */
function filtered(line: LineColumns, query: LogFilters): SQL | undefined {
  return and(
    query.username ? ilike(line.username, containing(query.username)) : undefined,
    query.action ? ilike(line.action, containing(query.action)) : undefined,
    query.result ? eq(line.result, query.result) : undefined,
    query.from !== undefined ? gte(line.at, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(line.at, new Date(query.to)) : undefined,
  );
}

/**
 * Views and downloads of incident evidence (issue 15) as log lines: action `evidence.<kind>.<view|download>`, target
 * `<incident>/<file>` (the incident alone for a zip), and for a view through a share link the user `share:<link id>`.
 */
const accessLine = {
  at: evidenceAccess.at,
  username: sql<string>`coalesce(${evidenceAccess.username}, 'share:' || ${evidenceAccess.shareLinkId}, '')`,
  action: sql<string>`'evidence.' || ${evidenceAccess.kind} || '.' || ${evidenceAccess.action}`,
  result: sql<string>`'REQUEST_SUCCESS'`,
};

/**
 * Both kinds of line under their own conditions (the operation log's and the access log's scope), one list. An
 * access line belongs to the incident's chain: the admins who see an incident see who looked at its evidence.
 */
function lines(db: Db, operations: SQL, accesses: SQL, query: LogFilters, negatedIds = false) {
  const fromOperations = db
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
    .where(and(operations, filtered(operationLine, query)));
  const fromAccesses = db
    .select({
      // In the merged list an access line's id is negated: ids stay unique across both kinds of line.
      id: negatedIds ? sql<number>`-${evidenceAccess.id}`.mapWith(Number).as('id') : evidenceAccess.id,
      at: evidenceAccess.at,
      username: accessLine.username.as('username'),
      role: evidenceAccess.role,
      action: accessLine.action.as('action'),
      target: sql<string | null>`${evidenceAccess.incidentId}::text || coalesce('/' || ${evidenceAccess.resourceId}::text, '')`.as(
        'target',
      ),
      result: accessLine.result.as('result'),
      ip: evidenceAccess.ip,
    })
    .from(evidenceAccess)
    .where(and(accesses, filtered(accessLine, query)));
  return { fromOperations, fromAccesses };
}

/** A page of both kinds of line, newest first. */
function pageOfLines(db: Db, operations: SQL, accesses: SQL, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  const { fromOperations, fromAccesses } = lines(db, operations, accesses, query);
  const counted = Promise.all([
    db.select({ n: count() }).from(fromOperations.as('o')),
    db.select({ n: count() }).from(fromAccesses.as('a')),
  ]).then(([[o], [a]]) => [{ n: (o?.n ?? 0) + (a?.n ?? 0) }]);
  // `unionAll` extends the builder it is called on: the merged list gets builders of its own.
  const merged = lines(db, operations, accesses, query, true);
  const log = merged.fromOperations.unionAll(merged.fromAccesses).as('log');
  return pageOf(query, db.select().from(log).orderBy(desc(log.at), desc(log.id)).$dynamic(), counted, (row) => ({
    ...row,
    at: row.at.getTime(),
  }));
}

/** A page of the log lines of the caller's scope, newest first. */
export function listLogs(db: Db, principal: Principal, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  return pageOfLines(db, inScope(principal, operationLog), inScope(principal, evidenceAccess), query);
}

/** A page of the caller's own log lines, newest first. */
export function listOwnLogs(db: Db, principal: Principal, query: OperationLogQuery): Promise<Page<OperationLogRecord>> {
  return pageOfLines(db, eq(operationLog.accountId, principal.accountId), eq(evidenceAccess.accountId, principal.accountId), query);
}

/** A log line as the export reads it. */
export type LogLine = Omit<OperationLogRecord, 'at'> & { at: Date };

const EXPORT_BATCH = 1000;

async function* rowsOf(batches: AsyncIterable<LogLine[]>) {
  for await (const batch of batches) yield* batch;
}

/** Two lists that each come newest first, merged into one newest first, a batch at a time. */
async function* newestFirst(one: AsyncIterable<LogLine[]>, other: AsyncIterable<LogLine[]>): AsyncGenerator<LogLine[]> {
  const [left, right] = [rowsOf(one), rowsOf(other)];
  let [x, y] = await Promise.all([left.next(), right.next()]);
  let batch: LogLine[] = [];
  for (;;) {
    const [a, b] = [x.done ? undefined : x.value, y.done ? undefined : y.value];
    if (a && (!b || a.at >= b.at)) {
      batch.push(a);
      x = await left.next();
    } else if (b) {
      batch.push(b);
      y = await right.next();
    } else break;
    if (batch.length === EXPORT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Every matching line of the caller's scope, newest first, a batch at a time (an export never holds the whole log):
 * each kind of line is read by id (about newest first) and the two are merged by time.
 */
export function logBatches(db: Db, principal: Principal, query: LogFilters): AsyncIterable<LogLine[]> {
  const { fromOperations, fromAccesses } = lines(db, inScope(principal, operationLog), inScope(principal, evidenceAccess), query);
  const operations = fromOperations.as('o');
  const accesses = fromAccesses.as('a');
  return newestFirst(
    inBatches(
      operations.id,
      (below) => db.select().from(operations).where(below).$dynamic(),
      (row) => row.id,
    ),
    inBatches(
      accesses.id,
      (below) => db.select().from(accesses).where(below).$dynamic(),
      (row) => row.id,
    ),
  );
}
