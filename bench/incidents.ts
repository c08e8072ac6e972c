import pg from 'pg';
import { COMPANY_PASSWORD, seed as seedAccounts } from './accounts.js';
import { load, loginToken } from './client.js';
import { onPostgres, printTable, saveResult } from './lib.js';

const INCIDENTS = 1_000_000;
/** The incident types the seeds spread the incidents over. */
export const INCIDENT_TYPES = ['harshBraking', 'overSpeed', 'collision', 'fatigue', 'phoneUse', 'laneDeparture'];

/** Every company's default tags (emergency, interactive, general), as a new company gets them. */
export async function seedDefaultTags(client: pg.Client) {
  await client.query(`insert into event_tag (name, default_kind, belong_agent_id, belong_company_id)
    select k.name, k.kind, c.belong_agent_id, c.id from org c,
      (values ('Emergency', 'emergency'), ('Interactive', 'interactive'), ('General', 'general')) as k(name, kind)
    where c.kind = 'company'`);
}

/**
 * Default tags for every company and `total` incidents spread over the first `companies` companies (one fleet each)
 * and the last 90 days.
 */
export async function seedIncidents(url: string, total = INCIDENTS, companies = 200) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedDefaultTags(client);
    // One row per fleet with its chain and its company's tags, numbered, so each incident joins one by number.
    await client.query(`create temporary table bench_fleet as
      select (row_number() over (order by f.id) - 1)::int as n, f.id as fleet_id, f.belong_company_id as company_id,
        f.belong_agent_id as agent_id,
        (select array_agg(t.id order by t.id) from event_tag t where t.belong_company_id = f.belong_company_id) as tags
      from org f where f.kind = 'fleet'`);
    await client.query(
      `insert into incident (device_id, message_id, device_uuid, license_plate, type, tag_id, speed, trigger_at, lat, lng,
         belong_agent_id, belong_company_id, belong_fleet_id)
       select g % 5000, 'm' || g, 'DEV-' || (g % 5000), 'PL ' || (g % 5000),
         ($2::text[])[1 + g % array_length($2::text[], 1)], f.tags[1 + g % 3],
         (g % 120), now() - (((g::bigint * 7919) % 7776000) || ' seconds')::interval, 59 + (g % 1000) / 1000.0, 10 + (g % 1000) / 1000.0,
         f.agent_id, f.company_id, f.fleet_id
       from generate_series(1, $1) g join bench_fleet f on f.n = g % $3`,
      [total, INCIDENT_TYPES, companies],
    );
    // As autovacuum leaves a table after a bulk load: statistics, and the visibility map index-only scans rely on.
    await client.query('vacuum analyze');
    // The load's dirty pages written out now, not by the checkpointer in the middle of a measurement.
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * Issue 6: GET /v2/event/list (page 1, 20 rows, one company's scope, filtered by time and tag) with 1,000,000
 * incidents in 200 companies, at 50 connections on PostgreSQL. Target: p99 ≤ 30 ms.
 */
export async function benchIncidents() {
  return onPostgres('Incident list', {}, async (portal, url) => {
    await seedAccounts(url);
    const seeding = performance.now();
    await seedIncidents(url);
    const seedSeconds = Math.round((performance.now() - seeding) / 1000);
    const token = await loginToken(portal.url, 'bench.company', COMPANY_PASSWORD);
    const tags = await (await fetch(`${portal.url}/v1/event/tag`, { headers: { 'x-token': token } })).json();
    const general = tags.data.find((t: { defaultKind: string }) => t.defaultKind === 'general').tagId;
    const to = Date.now();
    const from = to - 30 * 24 * 3_600_000;
    // Warm-up at the same load: the JIT, and each pooled connection preparing the list's statements once.
    await load(`${portal.url}/v2/event/list?page=1&limit=20`, { 'x-token': token });
    const plain = await load(`${portal.url}/v2/event/list?page=1&limit=20`, { 'x-token': token });
    const filtered = await load(`${portal.url}/v2/event/list?page=1&limit=20&startTime=${from}&endTime=${to}&tagId=${general}`, {
      'x-token': token,
    });
    const result = { incidents: INCIDENTS, seedSeconds, plain, filtered, targetP99Ms: 30 };
    printTable(
      `GET /v2/event/list, ${INCIDENTS.toLocaleString('en')} incidents in 200 companies, Company Admin (PostgreSQL, 10 s, 50 connections)`,
      [
        { query: 'page 1, 20 rows', 'req/s': Math.round(plain.rps), 'p99 ms': plain.p99, 'target p99 ms': 30 },
        { query: '30 days + one tag', 'req/s': Math.round(filtered.rps), 'p99 ms': filtered.p99, 'target p99 ms': 30 },
      ],
    );
    await saveResult('incidents', result);
    return result;
  });
}
