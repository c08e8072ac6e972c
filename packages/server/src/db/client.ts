import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`, as its callback gets it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of `db.execute(sql…)`, typed by the caller (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The migrations drizzle-kit generates; the same folder serves PGlite and PostgreSQL. */
function resolveMigrations(): string {
  // src/db/client.ts (tests) and dist/main.js (bundle) sit at different depths below packages/server.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const base = here.endsWith(`${path.sep}db`) ? path.resolve(here, '../..') : path.resolve(here, '..');
  return path.join(base, 'drizzle');
}

export interface OpenOptions {
  /** PostgreSQL server URL; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; without it (and without url) the database lives in memory. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests start every file from one migrated template). */
  loadDataDir?: Blob;
}

/** Opens the database chosen by the configuration and applies pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = resolveMigrations();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // Only the hot lists run as named prepared statements (db/prepared.ts); their covering indexes serve every value,
      // so one generic plan per connection beats planning each call anew (which the server otherwise keeps doing).
      options: '-c plan_cache_mode=force_generic_plan',
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: folder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
