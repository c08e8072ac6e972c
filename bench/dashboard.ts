import pg from 'pg';
import { COMPANY_PASSWORD, seed as seedAccounts } from './accounts.js';
import { load, loginToken } from './client.js';
import { seedIncidents } from './incidents.js';
import { BENCH_ADMIN_PASSWORD, onPostgres, printTable, saveResult } from './lib.js';

const VEHICLES_PER_FLEET = 50;
const TARGET_P99_MS = 50;

/**
 * 50 vehicles in each of the 200 fleets (10,000), each with one device, every other one online; running-status alerts:
 * five cleared ones per device (history) and a pending one on every tenth device.
 */
async function seedVehicles(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into vehicle (license_plate, belong_agent_id, belong_company_id, belong_fleet_id)
       select 'BV ' || f.id || '-' || g, f.belong_agent_id, f.belong_company_id, f.id
       from org f, generate_series(1, $1) g where f.kind = 'fleet'`,
      [VEHICLES_PER_FLEET],
    );
    await client.query(
      `insert into device (device_uuid, vehicle_id, online, first_online_at, last_online_at, belong_agent_id, belong_company_id, belong_fleet_id)
       select 'BD-' || v.id, v.id, v.id % 2 = 0, now() - interval '30 days', now(), v.belong_agent_id, v.belong_company_id, v.belong_fleet_id
       from vehicle v`,
    );
    await client.query(
      `insert into device_alert (device_id, code, channel, raised_at, cleared_at)
       select d.id, 'cameraLost', g, now() - (g || ' days')::interval, now() - (g || ' days')::interval + interval '10 minutes'
       from device d, generate_series(1, 5) g`,
    );
    await client.query(
      `insert into device_alert (device_id, code, raised_at) select id, 'storageFull', now() from device where id % 10 = 0`,
    );
    await client.query('analyze device_alert');
  } finally {
    await client.end();
  }
}

const calls = [
  ...[
    'toDay',
    'maintenance',
    'incident?range=last7Days',
    'remoteUpgrade',
    'quotaStatus',
    'period?range=currentSeason&period=day',
    'candlestickChart?range=last14Days',
    'fleetStatistic?range=lastMonth',
    'subscription',
  ].map((call) => `/v1/dashboard/${call}`),
  // Every open console polls the device menu's badge every 20 s.
  '/v2/device/running/event/check',
];

/**
 * Issue 7: every dashboard call's p99 with 1,000,000 incidents (200 companies) and 10,000 vehicles on PostgreSQL at
 * 50 connections, as a Company Admin (counted on every call) and as the Super Admin (wide views: kept 5 s per node).
 * Target: p99 ≤ 50 ms.
 */
export async function benchDashboard() {
  return onPostgres('Dashboard', {}, async (portal, url) => {
    await seedAccounts(url);
    const seeding = performance.now();
    await seedVehicles(url);
    await seedIncidents(url);
    const seedSeconds = Math.round((performance.now() - seeding) / 1000);
    const company = await loginToken(portal.url, 'bench.company', COMPANY_PASSWORD);
    const admin = await loginToken(portal.url, 'admin', BENCH_ADMIN_PASSWORD);
    // Warm-up at the same load: the JIT, and the pooled connections.
    await load(`${portal.url}/v1/dashboard/toDay`, { 'x-token': company });
    const rows: Record<string, string | number>[] = [];
    const results: Record<string, { rps: number; p99: number }> = {};
    for (const [who, token] of [
      ['Company Admin', company],
      ['Super Admin', admin],
    ] as const) {
      for (const call of calls) {
        const measured = await load(`${portal.url}${call}`, { 'x-token': token });
        results[`${who}: ${call}`] = measured;
        rows.push({ caller: who, call, 'req/s': Math.round(measured.rps), 'p99 ms': measured.p99, 'target p99 ms': TARGET_P99_MS });
      }
    }
    const result = { incidents: 1_000_000, vehicles: 10_000, seedSeconds, results, targetP99Ms: TARGET_P99_MS };
    printTable(
      'GET /v1/dashboard/* and the alert badge, 1,000,000 incidents, 10,000 vehicles in 200 companies (PostgreSQL, 10 s, 50 connections)',
      rows,
    );
    await saveResult('dashboard', result);
    return result;
  });
}
