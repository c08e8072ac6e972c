import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

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
