import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.js';
import { StatisticsRollup } from '../packages/server/src/modules/statistics/rollup.js';
import { CompanyZones } from '../packages/server/src/modules/statistics/zones.js';
import { COMPANY_PASSWORD, seed as seedAccounts } from './accounts.js';
import { load, loginToken } from './client.js';
import { INCIDENT_TYPES, seedDefaultTags } from './incidents.js';
import { BENCH_ADMIN_PASSWORD, latencyPercentiles, onPostgres, printTable, rssBytes, saveResult } from './lib.js';

const INCIDENTS = 1_000_000;
const VEHICLES_PER_FLEET = 50;
/** Positions per vehicle for yesterday's trail: one every five minutes. */
const POINTS_PER_DAY = 288;
/** Issue 19's targets: the overview's p99, a rollup run, a year's report PDF and the portal's RSS growth making it. */
const TARGET = { p99Ms: 50, rollupS: 60, reportS: 3, reportRssMb: 100 } as const;
const REPORT_FLEETS = 10;

/**
 * 10,000 vehicles (50 in each of the 200 companies' fleets), the companies' default tags, 1,000,000 incidents over the
 * last 365 days spread over the vehicles and 1,000 positions around Oslo, and yesterday's trail of every vehicle (one
 * position every 5 minutes, 2,880,000 in all). Triggers are off while loading: nothing is rolled up yet, so the change
 * log has nothing to tell.
 */
export async function seedStatistics(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into vehicle (license_plate, kind_name, use_for, belong_agent_id, belong_company_id, belong_fleet_id)
       select 'BS ' || f.id || '-' || g, (array['Truck','Van','Bus'])[1 + g % 3], (array['Delivery','Passengers'])[1 + g % 2],
         f.belong_agent_id, f.belong_company_id, f.id
       from org f, generate_series(1, $1) g where f.kind = 'fleet'`,
      [VEHICLES_PER_FLEET],
    );
    await seedDefaultTags(client);
    await client.query(`create temporary table bench_vehicle as
      select (row_number() over (order by v.id) - 1)::int as n, v.id, v.license_plate, v.belong_agent_id, v.belong_company_id,
        v.belong_fleet_id, (select array_agg(t.id order by t.id) from event_tag t where t.belong_company_id = v.belong_company_id) as tags
      from vehicle v`);
    await client.query(`create unique index on bench_vehicle (n)`);
    const vehicles = Number((await client.query('select count(*) as n from bench_vehicle')).rows[0]?.n);
    await client.query(
      `insert into incident (device_id, message_id, device_uuid, vehicle_id, license_plate, type, tag_id, speed, trigger_at, lat, lng,
         belong_agent_id, belong_company_id, belong_fleet_id)
       select v.id, 'm' || g, 'BD-' || v.id, v.id, v.license_plate, ($2::text[])[1 + g % array_length($2::text[], 1)],
         v.tags[1 + (g / 7) % 3], g % 120, now() - (((g::bigint * 7919) % 31536000) || ' seconds')::interval,
         59.5 + (g % 1000) / 1000.0, 10.2 + (g % 997) / 1000.0, v.belong_agent_id, v.belong_company_id, v.belong_fleet_id
       from generate_series(1, $1) g join bench_vehicle v on v.n = g % $3`,
      [INCIDENTS, INCIDENT_TYPES, vehicles],
    );
    await client.query(
      `insert into gps_point (device_id, at, vehicle_id, lat, lng, speed, heading)
       select v.id, date_trunc('day', now() - interval '1 day') + (p * interval '5 minutes'), v.id,
         59.5 + v.n % 100 / 200.0 + p / 5000.0, 10.2 + v.n % 97 / 200.0, (p % 7) * 12, 0
       from bench_vehicle v, generate_series(0, $1 - 1) p`,
      [POINTS_PER_DAY],
    );
    await client.query(`set session_replication_role = origin`);
    // The company admin counts in Oslo's days; the other companies (no admin with a zone) in UTC.
    await client.query(`update account set time_zone = 'Europe/Oslo' where username = 'bench.company'`);
    await client.query('vacuum analyze');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * The Company Admin's company gets nine more fleets (taken from other companies, so the fleet and vehicle counts stay):
 * ten fleets, 500 vehicles and so 50,000 of the incidents, the company of the report benchmark.
 */
async function tenFleetCompany(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `with target as (select id, belong_agent_id from org where kind = 'company' order by id limit 1),
         moved as (select f.id from org f, target where f.kind = 'fleet' and f.belong_company_id <> target.id order by f.id limit $1)
       update org set belong_company_id = target.id, belong_agent_id = target.belong_agent_id from target, moved where org.id = moved.id`,
      [REPORT_FLEETS - 1],
    );
  } finally {
    await client.end();
  }
}

/** The safety score's ranking computed afresh (a new limit each time passes the cache): the dashboard card's and the tab's call. */
async function coldSafety(url: string, token: string) {
  const times: number[] = [];
  let limit = 10;
  for (const range of ['currentSeason', 'lastMonth', 'currentMonth', 'last7Days']) {
    for (const level of ['vehicle', 'fleet']) {
      const started = performance.now();
      const res = await fetch(`${url}/v1/safetyScore/list?range=${range}&level=${level}&limit=${limit++}`, {
        headers: { 'x-token': token },
      });
      const envelope = (await res.json()) as { code: number };
      if (envelope.code !== 200) throw new Error(JSON.stringify(envelope));
      times.push(performance.now() - started);
    }
  }
  return latencyPercentiles(times);
}

/** A year's report PDF as the Company Admin, five times (each computed afresh): seconds each and the portal's RSS growth. */
async function yearReport(portal: { url: string; process: { pid?: number | undefined } }, token: string) {
  const pid = portal.process.pid;
  const rssBefore = await rssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => void rssBytes(pid).then((rss) => (rssPeak = Math.max(rssPeak, rss))), 50);
  const seconds: number[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(`${portal.url}/v1/statistics/report/pdf?range=last12Months&language=ru`, { headers: { 'x-token': token } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.headers.get('content-type') !== 'application/pdf') throw new Error(body.toString());
      bytes = body.length;
      seconds.push(Math.round((performance.now() - started) / 10) / 100);
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    seconds,
    bytes,
    rssGrowthMb: Math.round((rssPeak - rssBefore) / 1e5) / 10,
    targetSeconds: TARGET.reportS,
    targetRssMb: TARGET.reportRssMb,
  };
}

/**
 * Issue 19: with 1,000,000 incidents over a year and 10,000 vehicles on PostgreSQL, the statistics overview's p99 for
 * the longest range (current season) at 50 connections (target ≤ 50 ms), each question's first answer (nothing kept),
 * and the rollup job: the first run over the whole year, and a nightly run (one new day per company), target ≤ 60 s;
 * a year's report PDF of the company of ten fleets (target ≤ 3 s, portal RSS growth ≤ 100 MB).
 */
export async function benchStatistics() {
  // The portal's own job is off: the rollup runs here, timed, on the same database.
  return onPostgres('Statistics', { STATISTICS_ROLLUP: '0' }, async (portal, url) => {
    await seedAccounts(url);
    await tenFleetCompany(url);
    const seeding = performance.now();
    await seedStatistics(url);
    const seedSeconds = Math.round((performance.now() - seeding) / 1000);
    const company = await loginToken(portal.url, 'bench.company', COMPANY_PASSWORD);
    const admin = await loginToken(portal.url, 'admin', BENCH_ADMIN_PASSWORD);
    const database = await openDatabase({ url });
    const job = new StatisticsRollup(database.db, new CompanyZones(database.db));
    const rollup = async () => {
      const started = performance.now();
      const done = await job.run();
      return { seconds: Math.round((performance.now() - started) / 100) / 10, ...done };
    };
    const cold = async (token: string) => {
      const times: number[] = [];
      for (const range of ['currentSeason', 'lastMonth', 'currentMonth', 'last14Days']) {
        for (const period of ['day', 'week', 'month', 'year']) {
          const started = performance.now();
          const res = await fetch(`${portal.url}/v1/statistics/overview?range=${range}&period=${period}`, {
            headers: { 'x-token': token },
          });
          const envelope = (await res.json()) as { code: number };
          if (envelope.code !== 200) throw new Error(JSON.stringify(envelope));
          times.push(performance.now() - started);
        }
      }
      return latencyPercentiles(times);
    };

    const before = { company: await cold(company) };
    const firstRun = await rollup();
    // A night: every company's last rolled day (yesterday, with its trail) is rolled again, as after each midnight.
    await database.db.execute(sql`update stat_rollup set rolled_until = rolled_until - 1 where rolled_until is not null`);
    const nightly = await rollup();
    await database.close();
    const after = { company: await cold(company), admin: await cold(admin) };

    const report = await yearReport(portal, company);
    const safety = { company: await coldSafety(portal.url, company), admin: await coldSafety(portal.url, admin) };

    const results: Record<string, { rps: number; p99: number }> = {};
    const rows: Record<string, string | number>[] = [];
    for (const [who, token] of [
      ['Company Admin', company],
      ['Super Admin', admin],
    ] as const) {
      for (const query of ['range=currentSeason&period=day', 'range=currentSeason&period=year']) {
        const measured = await load(`${portal.url}/v1/statistics/overview?${query}`, { 'x-token': token });
        results[`${who}: ${query}`] = measured;
        rows.push({ caller: who, query, 'req/s': Math.round(measured.rps), 'p99 ms': measured.p99, 'target p99 ms': TARGET.p99Ms });
      }
    }
    const result = {
      incidents: INCIDENTS,
      vehicles: 10_000,
      trailPoints: 10_000 * POINTS_PER_DAY,
      seedSeconds,
      coldBeforeRollup: before,
      coldAfterRollup: after,
      firstRollup: firstRun,
      nightlyRollup: nightly,
      results,
      targetP99Ms: TARGET.p99Ms,
      targetRollupSeconds: TARGET.rollupS,
      report,
      safety,
    };
    printTable('GET /v1/statistics/overview, 1,000,000 incidents over a year, 10,000 vehicles (PostgreSQL, 10 s, 50 connections)', rows);
    printTable('Each question’s first answer (16 range × period questions, nothing kept), ms', [
      { when: 'before the rollup, Company Admin', ...before.company },
      { when: 'after the rollup, Company Admin', ...after.company },
      { when: 'after the rollup, Super Admin', ...after.admin },
    ]);
    printTable('The rollup job', [
      { run: 'first (a year of days, 200 companies)', seconds: firstRun.seconds, days: firstRun.days, 'target s': TARGET.rollupS },
      { run: 'nightly (one day per company)', seconds: nightly.seconds, days: nightly.days, 'target s': TARGET.rollupS },
    ]);
    printTable(`A year's report PDF of a company of ${REPORT_FLEETS} fleets (GET /v1/statistics/report/pdf?range=last12Months)`, [
      { run: 'first', seconds: report.seconds[0] ?? 0, 'target s': TARGET.reportS },
      { run: 'slowest of 5', seconds: Math.max(...report.seconds), 'target s': TARGET.reportS },
      { run: 'portal RSS growth MB', seconds: report.rssGrowthMb, 'target s': TARGET.reportRssMb },
    ]);
    printTable('GET /v1/safetyScore/list, each answer computed afresh (4 ranges × vehicle and fleet levels), ms', [
      { caller: 'Company Admin', ...safety.company },
      { caller: 'Super Admin', ...safety.admin },
    ]);
    await saveResult('statistics', result);
    return result;
  });
}
