import type { DeviceOperationQuery, DeviceOperationRecord, Page } from '@safety-shield/contract';
import { and, desc, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBatches, rowsPage } from '../../db/paging.js';
import { operationLog } from '../../db/schema.js';
import { containing } from '../../http/pagination.js';

type Filters = Omit<DeviceOperationQuery, 'page' | 'limit'>;
type Row = typeof operationLog.$inferSelect;

/** The device operation log: the operation log's lines of device actions (`device.*`), whatever their detail. */
function where(query: Filters): SQL | undefined {
  return and(
    sql`${operationLog.action} like 'device.%'`,
    query.username ? ilike(operationLog.username, containing(query.username)) : undefined,
    query.action ? ilike(operationLog.action, containing(query.action)) : undefined,
    query.result ? ilike(operationLog.result, containing(query.result)) : undefined,
    query.device ? sql`${operationLog.detail}->>'deviceUuid' ilike ${containing(query.device)}` : undefined,
    query.from === undefined ? undefined : gte(operationLog.at, new Date(query.from)),
    query.to === undefined ? undefined : lt(operationLog.at, new Date(query.to)),
  );
}

const objectOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export function toDeviceOperation(row: Row): DeviceOperationRecord {
  const detail = objectOf(row.detail) ?? {};
  return {
    id: row.id,
    at: row.at.getTime(),
    username: row.username,
    role: row.role,
    action: row.action,
    target: row.target,
    result: row.result,
    ip: row.ip,
    deviceId: typeof detail.deviceId === 'number' ? detail.deviceId : null,
    deviceUuid: typeof detail.deviceUuid === 'string' ? detail.deviceUuid : null,
    before: objectOf(detail.before),
    after: objectOf(detail.after),
  };
}

export function listDeviceOperations(db: Db, query: DeviceOperationQuery): Promise<Page<DeviceOperationRecord>> {
  const filter = where(query);
  return rowsPage(db, operationLog, filter, [desc(operationLog.id)], query, toDeviceOperation);
}

/** Every line of the filters, a batch at a time, newest first (the export). */
export function deviceOperationBatches(db: Db, query: Filters) {
  const filter = where(query);
  return inBatches(
    operationLog.id,
    (below) => db.select().from(operationLog).where(and(filter, below)).$dynamic(),
    (row) => row.id,
  );
}
