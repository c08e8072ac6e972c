import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated PGlite database: each test's database starts from it instead of initdb and every migration. */
    pgliteTemplate: string;
    /** A migrated database on the PostgreSQL server that each test's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Vitest global set-up: migrate one database per run and let every test file copy it. A fresh PGlite spends seconds
 * on initdb and the migrations; loading the dump takes a fraction of that (the API tests open one per file or more).
 */
export async function setup(project: TestProject) {
  const serverUrl = project.config.env?.TEST_DATABASE_URL;
  return serverUrl ? postgresTemplate(project, serverUrl) : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'safety-shield-template-'));
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `ss_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
