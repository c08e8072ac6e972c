import type { Page } from '@safety-shield/contract';
import { count, desc, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Which page of a list (from 1) and how many rows a page holds; the request schema has checked both (ARCHITECTURE section 3). */
export interface Paging {
  page: number;
  limit: number;
}

/** How many rows come before the page. */
export const offsetOf = ({ page, limit }: Paging) => (page - 1) * limit;

/**
 * One page of a list and how many rows the whole list holds, queried side by side. `list` is the list's query, filtered
 * and ordered (`.$dynamic()`, so the page's limit and offset can be added here); `counted` counts the same rows.
 */
export async function pageOf<Q extends PgSelect, R>(
  paging: Paging,
  list: Q,
  counted: PromiseLike<{ n: number }[]>,
  toRecord: (row: Awaited<Q>[number]) => R,
): Promise<Page<R>> {
  const [rows, [total]] = await Promise.all([list.limit(paging.limit).offset(offsetOf(paging)), counted]);
  return { records: rows.map(toRecord), total: total?.n ?? 0 };
}

/** `pageOf` for a list whose records are its rows as they were selected. */
export const pageAsSelected = <Q extends PgSelect>(paging: Paging, list: Q, counted: PromiseLike<{ n: number }[]>) =>
  pageOf(paging, list, counted, (row) => row);

/**
 * A page of one table's whole rows that match `where`, in `order` (newest first: `desc(t.at), desc(t.id)`), and how many
 * rows match: the plain list, with nothing joined.
 */
export function rowsPage<T extends PgTable, R>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  paging: Paging,
  toRecord: (row: T['$inferSelect']) => R,
): Promise<Page<R>> {
  // Drizzle's select cannot take a table of a generic type; its rows are the table's own all the same.
  const from: PgTable = table;
  const list = db
    .select()
    .from(from)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  return pageOf(paging, list, db.select({ n: count() }).from(from).where(where), (row) => toRecord(row as T['$inferSelect']));
}

/** A list's two prepared statements of one shape (db/prepared.ts): a page of rows and the count of all of them. */
export interface ListStatements<Row> {
  page: { execute(values: Record<string, unknown>): Promise<Row[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: number }[]> };
}

/** A page through a list's prepared statements; `knownTotal` (a cached count of the same list) saves the count. */
export async function preparedPage<Row, R>(
  statements: ListStatements<Row>,
  values: Record<string, unknown>,
  knownTotal: number | undefined,
  toRecord: (row: Row) => R,
): Promise<Page<R>> {
  const [rows, total] = await Promise.all([
    statements.page.execute(values),
    knownTotal ?? statements.count.execute(values).then(([row]) => row?.n ?? 0),
  ]);
  return { records: rows.map(toRecord), total };
}

/** Exports read this many rows at a time, so they never hold a whole list in memory. */
const EXPORT_BATCH = 1000;

/**
 * Every row of a list, highest `id` first, a batch at a time. `select` reads the list under a condition it is given
 * (the rows below the last batch; none for the first) and in `.$dynamic()` form, so the batch's order and size are
 * added here; `idOf` tells a row's id.
 */
export async function* inBatches<Q extends PgSelect>(
  id: PgColumn,
  select: (below: SQL | undefined) => Q,
  idOf: (row: Awaited<Q>[number]) => number,
) {
  let below: SQL | undefined;
  for (;;) {
    const rows: Awaited<Q> = await select(below).orderBy(desc(id)).limit(EXPORT_BATCH);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    below = lt(id, idOf(last));
  }
}
