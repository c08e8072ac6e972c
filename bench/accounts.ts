import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { load, loginToken, solvedCode } from './client.js';
import { BENCH_ADMIN_PASSWORD, median, onPostgres, printTable, saveResult } from './lib.js';

/** The password of the Company Admin `bench.company` that `seed` creates. */
export const COMPANY_PASSWORD = 'Bench-Company-2026';

/** 10 agents × 20 companies, one fleet each, 50 fleet admins per fleet: 10,000 accounts across 200 companies. */
export async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const passwordHash = await hash(COMPANY_PASSWORD, { algorithm: 2 });
    await client.query('begin');
    await client.query(`insert into org (kind, name) select 'agent', 'Agent ' || g from generate_series(1, 10) g`);
    await client.query(`update org set belong_agent_id = id where kind = 'agent'`);
    await client.query(`insert into org (kind, parent_id, name, belong_agent_id)
      select 'company', a.id, 'Company ' || a.id || '-' || g, a.id from org a, generate_series(1, 20) g where a.kind = 'agent'`);
    await client.query(`update org set belong_company_id = id where kind = 'company'`);
    await client.query(`insert into org (kind, parent_id, name, belong_agent_id, belong_company_id)
      select 'fleet', c.id, 'Fleet ' || c.id, c.belong_agent_id, c.id from org c where c.kind = 'company'`);
    await client.query(`update org set belong_fleet_id = id where kind = 'fleet'`);
    await client.query(
      `insert into account (username, password_hash, role, belong_agent_id, belong_company_id, belong_fleet_id, created_at)
       select 'user' || f.id || '_' || g, $1, 'FLEET_ADMIN', f.belong_agent_id, f.belong_company_id, f.id, now() - (g || ' minutes')::interval
       from org f, generate_series(1, 50) g where f.kind = 'fleet'`,
      [passwordHash],
    );
    await client.query(
      `insert into account (username, password_hash, role, belong_agent_id, belong_company_id)
       select 'bench.company', $1, 'COMPANY_ADMIN', belong_agent_id, id from org where kind = 'company' order by id limit 1`,
      [passwordHash],
    );
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Logins per second through the whole path: robot check verified, argon2id verify, session written. */
async function loginThroughput(url: string, attempts = 200) {
  const codes = await Promise.all(Array.from({ length: attempts }, () => solvedCode(url)));
  let next = 0;
  const result = await autocannon({
    url: `${url}/v1/account/login`,
    connections: 8,
    amount: attempts,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ username: 'bench.company', password: COMPANY_PASSWORD, code: codes[next++] }),
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`login: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const started = performance.now();
  for (let i = 0; i < 10; i++) await hash('measure-the-cost', { algorithm: 2 });
  return {
    loginsPerSecond: Math.round((attempts / result.duration) * 10) / 10,
    p99Ms: result.latency.p99,
    argon2HashMs: Math.round((performance.now() - started) / 10),
  };
}

/**
 * Issue 15: an unknown username and a wrong password must cost the same, or the time would tell which names exist.
 * Alternating tries, each of a different real account (so none is suspended) or a different made-up name.
 */
async function loginTiming(url: string, databaseUrl: string, tries = 40) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ username: string }>(
    `select username from account where role = 'FLEET_ADMIN' order by id limit $1`,
    [tries],
  );
  await client.end();
  const timings = { wrongPassword: [] as number[], unknownUser: [] as number[] };
  const attempt = async (username: string) => {
    const code = await solvedCode(url);
    const started = performance.now();
    const response = await fetch(`${url}/v1/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Not-the-password-1', code }),
    });
    const { codeKey } = (await response.json()) as { codeKey: string };
    if (codeKey !== 'LOGIN_USERNAME_OR_PASSWORD_ERROR') throw new Error(`login timing: ${username} answered ${codeKey}`);
    return performance.now() - started;
  };
  for (const [index, { username }] of rows.entries()) {
    timings.wrongPassword.push(await attempt(username));
    timings.unknownUser.push(await attempt(`nobody.${index}.${Date.now()}`));
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    tries,
    wrongPasswordMedianMs: round(median(timings.wrongPassword)),
    unknownUserMedianMs: round(median(timings.unknownUser)),
  };
}

/**
 * Issue 3: login throughput, and GET /v1/account/list at 50 connections with 10,000 accounts across 200 companies,
 * as a Company Admin and as the Super Admin, on the PostgreSQL server. Target: list p99 ≤ 25 ms.
 */
export async function benchAccounts() {
  return onPostgres('Account list', {}, async (portal, url) => {
    await seed(url);
    const logins = await loginThroughput(portal.url);
    const timing = await loginTiming(portal.url, url);
    const superToken = await loginToken(portal.url, 'admin', BENCH_ADMIN_PASSWORD);
    const companyToken = await loginToken(portal.url, 'bench.company', COMPANY_PASSWORD);
    const list = `${portal.url}/v1/account/list?page=1&limit=20`;
    // Warm-up at the same load, as the incident list's: the JIT, and each pooled connection preparing the statements once.
    await load(list, { 'x-token': companyToken });
    const asCompany = await load(list, { 'x-token': companyToken });
    const asSuper = await load(list, { 'x-token': superToken });
    const result = { logins, timing, asCompany, asSuper, targetP99Ms: 25 };
    printTable('Login through the whole path (PostgreSQL, 8 connections)', [
      { 'logins/s': logins.loginsPerSecond, 'p99 ms': logins.p99Ms, 'one argon2id hash ms': logins.argon2HashMs },
    ]);
    printTable('A wrong password and an unknown username (median of alternating tries, each a different name)', [
      { answer: 'wrong password', 'median ms': timing.wrongPasswordMedianMs, tries: timing.tries },
      { answer: 'unknown username', 'median ms': timing.unknownUserMedianMs, tries: timing.tries },
    ]);
    printTable('GET /v1/account/list, 10,000 accounts in 200 companies (PostgreSQL, 10 s, 50 connections)', [
      { caller: 'Company Admin', 'req/s': Math.round(asCompany.rps), 'p99 ms': asCompany.p99, 'target p99 ms': 25 },
      { caller: 'Super Admin', 'req/s': Math.round(asSuper.rps), 'p99 ms': asSuper.p99, 'target p99 ms': 25 },
    ]);
    await saveResult('accounts', result);
    return result;
  });
}
