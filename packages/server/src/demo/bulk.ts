import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/** One column of a bulk insert: its name, the PostgreSQL array type its values travel as, and how they are read. */
export interface BulkColumn {
  name: string;
  /** e.g. `int`, `float8`, `text`, `bool`: the values travel as an array of it. */
  type: string;
  values: readonly unknown[];
  /** How the element is turned into the column's value; default the element itself (`x`). */
  as?: string;
}

/** Epoch milliseconds travel as float8 and become timestamps. */
export const instants = (name: string, values: readonly (number | null)[]): BulkColumn => ({
  name,
  type: 'float8',
  values,
  as: 'to_timestamp(x / 1000.0)',
});

/** JSON documents travel as text. */
export const documents = (name: string, values: readonly unknown[]): BulkColumn => ({
  name,
  type: 'text',
  values: values.map((value) => (value === null || value === undefined ? null : JSON.stringify(value))),
  as: 'x::jsonb',
});

/** The columns of a list of rows, each made from what a row puts in it. */
export interface RowColumns<R> {
  /** Values that travel as an array of `type` (`int`, `text`, `real`, …). */
  column(name: string, type: string, pick: (row: R) => unknown): BulkColumn;
  /** Epoch milliseconds, stored as timestamps. */
  instant(name: string, pick: (row: R) => number | null): BulkColumn;
  /** JSON documents. */
  document(name: string, pick: (row: R) => unknown): BulkColumn;
}

type BuildColumns<T> = (c: RowColumns<T>) => BulkColumn[];

/**
 * Inserts `rows` as the columns `build` names over them (insertColumns), answering the `returning` columns when asked:
 * `insertRows(tx, 'device_alert', alerts, 'id', (c) => [c.column('code', 'text', (a) => a.code), …])`.
 */
export function insertRows<T>(tx: Db, table: string, rows: readonly T[], build: BuildColumns<T>): Promise<Record<string, unknown>[]>;
export function insertRows<T>(
  tx: Db,
  table: string,
  rows: readonly T[],
  returning: string,
  build: BuildColumns<T>,
): Promise<Record<string, unknown>[]>;
export function insertRows<T>(
  tx: Db,
  table: string,
  rows: readonly T[],
  ...[first, second]: [BuildColumns<T>] | [string, BuildColumns<T>]
): Promise<Record<string, unknown>[]> {
  const [returning, build] = typeof first === 'string' ? [first, second as BuildColumns<T>] : [undefined, first];
  const columns = build({
    column: (name, type, pick) => ({ name, type, values: rows.map(pick) }),
    instant: (name, pick) => instants(name, rows.map(pick)),
    document: (name, pick) => documents(name, rows.map(pick)),
  });
  return insertColumns(tx, table, columns, returning);
}

const CHUNK = 50_000;
/** Values travel joined into one text per column, split by PostgreSQL: far cheaper than array parameters in PGlite. */
const SEPARATOR = '\u001f';
const NULL = '\u0002';

const joined = (values: readonly unknown[]) =>
  values.map((value) => (value === null || value === undefined ? NULL : String(value).replaceAll(SEPARATOR, ' '))).join(SEPARATOR);

/**
 * Inserts rows given as columns with one INSERT … SELECT FROM unnest(arrays) per CHUNK rows, as the gateway writes the
 * trail: a few statements for tens of thousands of rows. Answers the `returning` columns of every row when asked.
 * Names and types are the caller's constants, never input.
 */
export async function insertColumns<R = never>(tx: Db, table: string, columns: readonly BulkColumn[], returning?: string): Promise<R[]> {
  const length = columns[0]?.values.length ?? 0;
  const out: R[] = [];
  for (let start = 0; start < length; start += CHUNK) {
    const arrays = columns.map(
      (c) => sql`string_to_array(${joined(c.values.slice(start, start + CHUNK))}::text, ${SEPARATOR}, ${NULL})::${sql.raw(c.type)}[]`,
    );
    const aliases = columns.map((_, i) => `c${i}`);
    const values = columns.map((c, i) => sql.raw((c.as ?? 'x').replaceAll(/\bx\b/g, `u.c${i}`)));
    const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
    const statement: SQL = sql`insert into ${sql.raw(`"${table}"`)} (${names})
      select ${sql.join(values, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(aliases.join(', '))})
      ${returning ? sql.raw(`returning ${returning}`) : sql``}`;
    const result = await tx.execute(statement);
    if (returning) out.push(...rowsOf<R>(result));
  }
  return out;
}

/**
 * Runs `load` on an empty table with its secondary indexes (and a primary key no foreign key references) dropped, then
 * builds them again from their own definitions: building an index over the loaded rows once is several times cheaper
 * than growing it row by row, which is most of a bulk insert's time in PGlite. One transaction: nobody sees the table
 * without them.
 */
export async function withIndexesRebuilt<T>(tx: Db, table: string, load: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = ${table}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  // A key other tables' foreign keys use stays; a key nobody references is rebuilt like the indexes.
  const keys = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      where c.conrelid = ${table}::regclass and c.contype in ('p', 'u')
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = c.conrelid)`),
  );
  const quoted = sql.raw(`"${table}"`);
  for (const key of keys) await tx.execute(sql`alter table ${quoted} drop constraint ${sql.raw(`"${key.name}"`)}`);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.raw(index.name)}`);
  const result = await load();
  for (const key of keys)
    await tx.execute(sql`alter table ${quoted} add constraint ${sql.raw(`"${key.name}"`)} ${sql.raw(key.definition)}`);
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  return result;
}
