import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Portal, startPortal } from '../e2e/portal.js';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

export async function saveResult(name: string, result: unknown) {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), ...(result as object) }, null, 2)}\n`);
}

const SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs a benchmark against a portal on a throw-away database of the PostgreSQL server (dropped afterwards);
 * answers undefined, saying so, when no server answers.
 */
export async function onPostgres<T>(label: string, env: Record<string, string>, run: (portal: Portal, databaseUrl: string) => Promise<T>) {
  const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    console.log(`\n${label}: no PostgreSQL server answers, skipped`);
    return undefined;
  }
  const name = `ss_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const portal = await startPortal({
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'error',
    CAPTCHA_COMPLEXITY: '1000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
    ...env,
  });
  try {
    return await run(portal, url.toString());
  } finally {
    await portal.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
