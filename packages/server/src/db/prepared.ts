import { createHash } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * How a query takes a value: as it is (the default), or as a named placeholder of a prepared statement, so one
 * statement serves every call of the same shape. Typed as the value it stands for.
 */
export type Bind = <T>(name: string, value: T) => T;

/** A query's values as named placeholders: `bind` while building it, `values` when executing it. */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return {
    values,
    bind: <T>(name: string, value: T): T => {
      values[name] = value;
      // Drizzle renders the placeholder as `$n` and takes the value from `values` when the statement runs.
      return sql.placeholder(name) as unknown as T;
    },
  };
}

/**
 * The column holds one of a list of values: `in (…)` for the list as it is, `= any($n)` for the list bound as one
 * placeholder, so the statement's text does not change with the list's length.
 */
export const anyOf = <T>(column: PgColumn, values: readonly T[]): SQL =>
  Array.isArray(values) ? inArray(column, values) : sql`${column} = any(${values})`;

const dialect = new PgDialect();

/**
 * Prepared statements of one kind, per database and per shape (the text of the SQL that decides it, e.g. a WHERE clause
 * built with placeholders). A hot query is then built once, not on every call, and the server plans it once per
 * connection: for the incident list that is most of the time a call takes.
 */
export class Statements<S> {
  private readonly byDb = new WeakMap<Db, Map<string, S>>();

  constructor(
    private readonly kind: string,
    private readonly max = 200,
  ) {}

  get(db: Db, shape: SQL, build: (name: string) => S): S {
    let statements = this.byDb.get(db);
    if (!statements) {
      statements = new Map();
      this.byDb.set(db, statements);
    }
    const text = dialect.sqlToQuery(shape).sql;
    let statement = statements.get(text);
    if (!statement) {
      // Shapes are few (which filters a list uses); the bound keeps a stream of odd ones from growing without end.
      if (statements.size >= this.max) statements.clear();
      const name = `${this.kind}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      statement = build(name);
      statements.set(text, statement);
    }
    return statement;
  }
}
