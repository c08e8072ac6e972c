import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountApi, type Language } from '@safety-shield/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppConfig, buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import type { Principal } from '../src/http/principal.js';
import { call } from './api-client.js';

export const ADMIN_PASSWORD = 'Test1234admin';

/** A list's paging as the server takes it when a call names none (the declared defaults). */
export const firstPage = { page: 1, limit: 20 };

export const testConfig: AppConfig = {
  adminPassword: ADMIN_PASSWORD,
  sessionIdleMinutes: 30,
  captchaComplexity: 20,
  logLevel: 'silent',
  secretKey: randomBytes(32),
  // Tests log in far more often than a person: the limits have a test of their own.
  rateLoginPerMinute: 0,
  rateWritesPerSecond: 0,
  // Evidence files and outbox mails of a test run stay out of the working tree.
  dataDir: mkdtempSync(path.join(tmpdir(), 'safety-shield-test-')),
};

/**
 * A database for one test file: embedded PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a fresh database with a random name on that server, dropped again by `close`. Both start as a copy of the run's
 * migrated template (database-template.ts).
 */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ loadDataDir: pgliteTemplate() });
  return openServerDatabase(serverUrl);
}

/** A new database on a PostgreSQL server, opened (and so migrated); its `url` for other nodes; `close` also drops it. */
export async function openServerDatabase(serverUrl: string): Promise<Database & { url: string }> {
  const server = await serverDatabase(serverUrl);
  const database = await openDatabase({ url: server.url });
  return {
    ...database,
    url: server.url,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

/** A new database with a random name on a PostgreSQL server, and how to drop it again. */
export async function serverDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ss_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Pools' sockets may still be closing: forcing the drop then would kill them mid-goodbye (an unhandled error).
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let templateDump: Blob | undefined;

/** The run's migrated PGlite dump, read once per test file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file && !templateDump) templateDump = new Blob([readFileSync(file)]);
  return templateDump;
}

export async function testApp(config: Partial<AppConfig> = {}) {
  const database = await testDatabase();
  const app = await buildApp({ ...testConfig, ...config }, database, { logger: false });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type App = Awaited<ReturnType<typeof testApp>>['app'];

/** Solves the robot check the way the browser widget does and returns the payload it would submit. */
export async function solveCaptcha(app: App): Promise<string> {
  // The challenge comes bare (a raw answer, no envelope).
  const challenge = (await call(app, undefined, accountApi.captcha)).res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function login(app: App, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const answer = await call(app, undefined, accountApi.login, { username, password, code: await solveCaptcha(app) });
  // A token of null: the account asks a second step (the tests that want it log in step by step themselves).
  if (answer.code !== 200 || !answer.data.token) throw new Error(`login failed: ${answer.res.body}`);
  return answer.data.token;
}

/** The bootstrap Super Admin (account 1) as a service sees it, for calling services without a request. */
export const superAdminPrincipal = (language?: Language): Principal => ({
  accountId: 1,
  username: 'admin',
  role: 'SUPER_ADMIN',
  language,
  agentId: null,
  companyId: null,
  fleetId: null,
  siteId: null,
  mustChangePassword: false,
  tokenHash: '',
  via: 'session',
  identifiedAt: null,
});
