import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { device } from './schema.js';
import { chainColumns } from './subqueries.js';

/**
 * The row of `table` with this id, if `scope` admits it, locked (`for update`) for the rest of the transaction: a write
 * reads what it is about to change only once no other write holds it.
 */
export async function lockRow<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  id: number,
  scope: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(scope, eq(table.id, id)))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}

/**
 * A device by its uuid, with its owner chain and the columns asked for, locked for the rest of the transaction:
 * `share` when the caller files something under the device (a binding change waits, so the chain read is the one in
 * force at the write), `update` when the caller changes the device row itself.
 */
export async function lockDeviceByUuid<C extends Record<string, PgColumn>>(tx: Db, uuid: string, columns: C, lock: 'share' | 'update') {
  const [row] = await tx
    .select({ id: device.id, ...chainColumns(device), ...columns })
    .from(device)
    .where(eq(device.deviceUuid, uuid))
    .for(lock);
  return row;
}
