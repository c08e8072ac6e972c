import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coachingApi, deviceApi } from '@safety-shield/contract';
import { hashSeed, seededRandom } from '@safety-shield/device-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { runDemoFleet } from '../src/demo/fleet.js';
import { liveStart } from '../src/demo/live-start.js';
import { pastIncidents } from '../src/demo/past-incidents.js';
import { pastTrips } from '../src/demo/past-trips.js';
import { type SeededDemo, seedDemo, seedDemoIfWanted } from '../src/demo/seed.js';
import { hashToken } from '../src/http/tokens.js';
import { DiskStore } from '../src/storage/disk-store.js';
import { type Answer, call } from './api-client.js';
import { capturedLog } from './gateway-fixtures.js';
import { login, superAdminPrincipal, testApp } from './helpers.js';

/**
 * Issue 28: a first start's demo has a believable past of 90 days that every page reads: statistics equal to a direct
 * count before and after the rollup, coaching, safety scores, online time, reviewed/coached/dismissed/unread incidents,
 * and the newest incidents' files in the store with their recorded SHA-256. Without the demo the database stays empty.
 */

const DAY = 86_400_000;
/** Now, to the minute: the evidence retention and the online summary read the real clock. */
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

let ctx: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let seeded: SeededDemo | null;
let token: string;

const admin = superAdminPrincipal();

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(query));
const one = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: unknown }>(query))[0]?.n ?? 0);
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'demo-past-'));
  ctx = await testApp({ statisticsRollup: false, dataDir });
  const started = performance.now();
  seeded = await seedDemo(ctx.database.db, new DiskStore(path.join(dataDir, 'objects')), path.join(dataDir, 'demo.json'), NOW);
  const files = await seeded?.uploadEvidence?.();
  // Not asserted (no timing checks in tests): shown for whoever runs the file.
  console.info(`demo past written in ${Math.round(performance.now() - started)} ms`, seeded?.past, { files });
  token = await login(ctx.app);
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The days of the calls below are UTC's. */
const utc = { headers: { 'x-time-zone': 'UTC' } };
/** The data of a call that must succeed. */
const succeeded = <Data>(answer: Answer<Data>) => {
  expect(answer.code, `${answer.res.raw.req.url}: ${answer.msg}`).toBe(200);
  return answer.data;
};

describe('the demo’s past on a first start', () => {
  it('spans 90 days of trips at a driving pace, ending where the live fleet goes on', async () => {
    expect(seeded?.past?.positions).toBeGreaterThan(50_000);
    const span = (await rows<{ first: Date; last: Date }>(sql`select min(at) as first, max(at) as last from gps_point`))[0];
    expect(new Date(span?.first ?? 0).getTime()).toBeLessThan(NOW - 85 * DAY);
    expect(new Date(span?.last ?? 0).getTime()).toBeLessThanOrEqual(NOW);
    // One position a minute while driving: no jump between neighbours is faster than a truck goes.
    const fastest = await one(sql`
      select max(metres / extract(epoch from gap) * 3.6) as n from (
        select at - lag(at) over w as gap,
          2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(lat - lag(lat) over w) / 2), 2)
            + cos(radians(lag(lat) over w)) * cos(radians(lat)) * power(sin(radians(lng - lag(lng) over w) / 2), 2)))) as metres
        from gps_point window w as (partition by device_id order by at)) s
      where gap is not null and gap < interval '5 minutes'`);
    expect(fastest).toBeGreaterThan(60);
    expect(fastest).toBeLessThan(135);
    // Each device's newest position is its vehicle's live position, and the mileage is the trail's.
    const stale = await one(sql`select count(*) as n from device d
      where d.position_at is distinct from (select max(at) from gps_point g where g.device_id = d.id)`);
    expect(stale).toBe(0);
    expect(await one(sql`select count(*) as n from vehicle where driven_meters < 1000000`)).toBe(0);
  });

  it('counts the last 4 weeks and the last 90 days equal to a direct count, before and after the rollup', async () => {
    const ranges = [
      { fromDay: day(NOW - 27 * DAY), toDay: day(NOW), period: 'week' as const },
      { fromDay: day(NOW - 89 * DAY), toDay: day(NOW), period: 'month' as const },
    ];
    const overview = (r: (typeof ranges)[number]) =>
      ctx.app.statistics.service.overview(admin, { range: 'custom', fromDay: r.fromDay, toDay: r.toDay, period: r.period }, { now: NOW });
    const direct = await Promise.all(ranges.map(overview));
    expect(await one(sql`select count(*) as n from stat_incident_day`)).toBe(0);
    const rolled = await ctx.app.statistics.rollup.run(NOW);
    expect(rolled.days).toBeGreaterThan(80);
    expect(await one(sql`select count(*) as n from stat_vehicle_day`)).toBeGreaterThan(300);
    for (const [n, r] of ranges.entries()) {
      const before = direct[n];
      const after = await overview(r);
      // The demo company counts in UTC (no Company Admin has a zone): a local day is a UTC day.
      const counted = await one(sql`select count(*) as n from incident where deleted_at is null
        and trigger_at >= ${r.fromDay}::date and trigger_at < ${r.toDay}::date + 1`);
      expect(counted).toBeGreaterThan(100);
      expect(before?.total).toBe(counted);
      expect(after.total).toBe(counted);
      expect(after.series).toEqual(before?.series);
      expect(after.fleets).toEqual(before?.fleets);
      expect(before?.distance.distanceKm).toBeGreaterThan(10_000);
      expect(after.distance).toEqual(before?.distance);
    }
  }, 300_000);

  it('gives every demo vehicle a safety score over the last 4 weeks', async () => {
    const list = await ctx.app.safetyScore.list(
      admin,
      { range: 'custom', fromDay: day(NOW - 27 * DAY), toDay: day(NOW), period: 'week', level: 'vehicle', order: 'worst', limit: 50 },
      { now: NOW },
    );
    expect(list.rows).toHaveLength(10);
    expect(list.unscored).toBe(0);
    for (const row of list.rows) expect(row.score).toEqual(expect.any(Number));
    // Drivers differ: the worst and the best are apart.
    const scores = list.rows.map((row) => row.score ?? 0);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(5);
  });

  it('has incidents unread, reviewed, coached, dismissed and waiting for coaching, with tags and a recycle bin', async () => {
    const states = await rows<{ review_state: string; n: unknown }>(
      sql`select review_state, count(*) as n from incident group by 1 order by 1`,
    );
    expect(states.map((s) => s.review_state)).toEqual(['reviewed', 'unread']);
    const coaching = await rows<{ state: string }>(sql`select distinct state from incident_coaching order by 1`);
    expect(coaching.map((c) => c.state)).toEqual(['coached', 'dismissed', 'needsCoaching']);
    const queue = succeeded(await call(ctx, token, coachingApi.queue, { state: 'needsCoaching', page: 1, limit: 10 }, utc));
    expect(queue.total).toBeGreaterThan(0);
    // Every coaching step and review has its line in the incident's history and the operation log.
    expect(
      await one(sql`select count(*) as n from incident where review_state = 'reviewed' and not exists
      (select 1 from incident_history h where h.incident_id = incident.id and h.action = 'reviewed')`),
    ).toBe(0);
    expect(
      await one(sql`select count(*) as n from incident_coaching c where state = 'coached' and not exists
      (select 1 from incident_history h where h.incident_id = c.incident_id and h.action = 'coached')`),
    ).toBe(0);
    expect(await one(sql`select count(*) as n from operation_log where action = 'coaching.dismiss'`)).toBeGreaterThan(0);
    const tags = await rows<{ name: string }>(sql`select distinct t.name from incident i join event_tag t on t.id = i.tag_id order by 1`);
    expect(tags.length).toBeGreaterThanOrEqual(4);
    expect(await one(sql`select count(*) as n from incident where deleted_at is not null`)).toBeGreaterThan(0);
    // Nothing the reviewer did is later than now, nor earlier than the incident.
    expect(
      await one(sql`select count(*) as n from incident where reviewed_at > to_timestamp(${NOW} / 1000.0)
      or reviewed_at < trigger_at`),
    ).toBe(0);
    // The S.O.S presses were filed with their panicButton incident and closed.
    const sos = await rows<{ state: string; type: string }>(sql`select s.state, i.type from sos s join incident i on i.id = s.incident_id`);
    expect(sos.length).toBeGreaterThan(0);
    for (const s of sos) expect(s).toEqual({ state: 'closed', type: 'panicButton' });
  });

  it('keeps the newest incidents’ files in the store with their recorded size and SHA-256', async () => {
    const files = await rows<{ object_key: string; sha256: string; size_bytes: unknown; state: number; trigger_at: Date }>(sql`
      select r.object_key, r.sha256, r.size_bytes, r.state, i.trigger_at from incident_resource r join incident i on i.id = r.incident_id
      where r.object_key is not null`);
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const file of files) {
      expect(file.state).toBe(6);
      expect(new Date(file.trigger_at).getTime()).toBeGreaterThan(NOW - 7 * DAY);
      const bytes = await readFile(path.join(dataDir, 'objects', ...file.object_key.split('/')));
      expect(bytes.length).toBe(Number(file.size_bytes));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    // Older incidents list their files as the devices did; those stayed on the cards.
    expect(await one(sql`select count(*) as n from incident_resource where object_key is null and state = 0`)).toBeGreaterThan(1000);
  });

  it('shows online hours per device on the days of the last week', async () => {
    const summary = succeeded(
      await call(ctx, token, deviceApi.onlineSummary, { startTime: NOW - 7 * DAY, endTime: NOW, page: 1, limit: 20 }, utc),
    );
    expect(summary.total).toBe(10);
    const hours = summary.records.map((r: { totalSeconds: number }) => r.totalSeconds / 3600);
    // Every vehicle drove that week; how much depends on the days its loops fitted a shift, which the date draws (a
    // fixed "8 of 10 over 10 h" failed on some days): at least half drove more than 10 hours.
    expect(hours.every((h: number) => h > 2)).toBe(true);
    expect(hours.filter((h: number) => h > 10).length).toBeGreaterThanOrEqual(5);
    // A connection is never longer than a shift, nor two of a device overlapping.
    expect(
      await one(sql`select count(*) as n from device_session a join device_session b on a.device_id = b.device_id
      and a.id < b.id and a.started_at < b.ended_at and b.started_at < a.ended_at`),
    ).toBe(0);
  });

  it('has applied configuration versions and a firmware campaign that end where the simulated devices start', async () => {
    const versions = await rows<{ version: number; n: unknown }>(
      sql`select version, count(*) as n from device_config where status = 'applied' group by 1 order by 1`,
    );
    expect(versions.map((v) => [v.version, Number(v.n)])).toEqual([
      [1, 10],
      [2, 10],
    ]);
    // The devices keep the version the portal applied: what they report after their hello is what it holds.
    const running = JSON.parse(await readFile(path.join(dataDir, 'demo-devices.config.json'), 'utf8'));
    const reports = await rows<{ device_uuid: string; version: number; settings: unknown }>(sql`
      select d.device_uuid, r.version, r.settings from device_config_report r join device d on d.id = r.device_id`);
    expect(reports).toHaveLength(10);
    for (const r of reports) expect(running[r.device_uuid]).toEqual({ version: r.version, settings: r.settings });
    const log = await rows<{ result: string; to_version: string }>(sql`select result, to_version from device_upgrade_log order by id`);
    expect(log.filter((l) => l.result === 'done')).toHaveLength(10);
    expect(log.filter((l) => l.result === 'failed')).toHaveLength(1);
    const devices = await rows<{ version: string }>(sql`select distinct version from device`);
    expect(devices).toEqual([{ version: log.find((l) => l.result === 'done')?.to_version }]);
    const pkg = (await rows<{ key: string; sha256: string }>(sql`select key, sha256 from firmware_package`))[0];
    const bytes = await readFile(path.join(dataDir, 'objects', ...(pkg?.key ?? '').split('/')));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(pkg?.sha256);
  });

  it('mixes protocols: the last two vehicles carry JT/T 808 dashcams, registered with the codes demo.json keeps', async () => {
    const devices = await rows<{ device_uuid: string; protocol: string; license_plate: string }>(sql`
      select d.device_uuid, d.protocol, v.license_plate from device d join vehicle v on v.id = d.vehicle_id order by d.id`);
    expect(devices.map((d) => [d.device_uuid, d.protocol])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [`DEMO-000${i + 1}`, 'mqtt']),
      ['13900000009', 'jt808'],
      ['13900000010', 'jt808'],
    ]);
    const terminals = await rows<{ terminal_no: string; code_hash: string; edition: number; plate: string }>(sql`
      select t.terminal_no, t.code_hash, t.edition, t.plate from jt808_terminal t order by t.terminal_no`);
    expect(terminals.map((t) => [t.terminal_no, t.edition, t.plate])).toEqual([
      ['13900000009', 2013, 'GBG 202'],
      ['13900000010', 2019, 'GBG 203'],
    ]);
    // demo.json holds the codes (the database their hashes only), and the MQTT devices are the first eight.
    const state = JSON.parse(await readFile(path.join(dataDir, 'demo.json'), 'utf8'));
    expect(state).toEqual(seeded?.state);
    expect(state).toMatchObject({ devices: 8, uuidPrefix: 'DEMO-' });
    expect(state.jt808.map((t: { terminal: string; version: number; plate: string }) => [t.terminal, t.version, t.plate])).toEqual([
      ['13900000009', 2013, 'GBG 202'],
      ['13900000010', 2019, 'GBG 203'],
    ]);
    for (const [n, t] of terminals.entries()) expect(t.code_hash).toBe(hashToken(state.jt808[n].code));
    // A later start reads the same state back, and runs DVRs in the first eight vehicles and dashcams in the last two.
    expect((await seedDemo(ctx.database.db, new DiskStore(path.join(dataDir, 'objects')), path.join(dataDir, 'demo.json')))?.state).toEqual(
      state,
    );
    const fleet = runDemoFleet(state, 'mqtt://127.0.0.1:9', { host: '127.0.0.1', port: 9 }, dataDir, capturedLog().log);
    try {
      expect(fleet.devices.map((d) => d.uuid)).toEqual(devices.slice(0, 8).map((d) => d.device_uuid));
      expect(fleet.dashcams.map((d) => [d.terminalNo, d.version])).toEqual([
        ['13900000009', 2013],
        ['13900000010', 2019],
      ]);
    } finally {
      await fleet.stop();
    }
  });

  it('is the same past for the same fleet and the same now', () => {
    const vehicles = Array.from({ length: 3 }, (_, i) => ({
      deviceId: i + 1,
      vehicleId: i + 1,
      uuid: `DEMO-000${i + 1}`,
      live: liveStart(`DEMO-000${i + 1}`, i),
    }));
    const draw = () => {
      const trail = pastTrips(vehicles, NOW, 20, (uuid) => seededRandom(hashSeed('demo-past', uuid)));
      const incidents = pastIncidents(
        trail,
        () => 4,
        (id) => `DEMO-000${id}`,
        NOW,
        2,
        seededRandom(7),
      );
      return { trail, incidents };
    };
    const a = draw();
    expect(a.trail.points.t.length).toBeGreaterThan(1000);
    expect(draw()).toEqual(a);
  });
});

describe('a demo of before the JT/T 808 dashcams', () => {
  it('still starts from its demo.json: all its vehicles carry MQTT devices, no dashcam runs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'demo-old-'));
    try {
      const old = { provisioningKey: 'pk_old', devices: 10, uuidPrefix: 'DEMO-' };
      await writeFile(path.join(dir, 'demo.json'), JSON.stringify(old));
      const seededBefore = await seedDemo(ctx.database.db, new DiskStore(path.join(dir, 'objects')), path.join(dir, 'demo.json'));
      expect(seededBefore?.state).toEqual(old);
      // Nothing listens at these ports: the devices are made and keep trying, which is all this looks at.
      const fleet = runDemoFleet(old, 'mqtt://127.0.0.1:9', { host: '127.0.0.1', port: 9 }, dir, capturedLog().log);
      try {
        expect(fleet.devices.map((d) => d.uuid)).toEqual(Array.from({ length: 10 }, (_, i) => `DEMO-${String(i + 1).padStart(4, '0')}`));
        expect(fleet.dashcams).toEqual([]);
      } finally {
        await fleet.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('without the demo', () => {
  it('DEMO=0, or a PostgreSQL server, leaves a new database empty', async () => {
    const empty = await testApp({ statisticsRollup: false });
    const dir = await mkdtemp(path.join(tmpdir(), 'demo-off-'));
    try {
      const store = new DiskStore(path.join(dir, 'objects'));
      const off = { demo: false, databaseUrl: undefined, dataDir: dir };
      expect(await seedDemoIfWanted(off, empty.database.db, store)).toBeNull();
      expect(await seedDemoIfWanted({ ...off, demo: true, databaseUrl: 'postgres://elsewhere/db' }, empty.database.db, store)).toBeNull();
      expect(existsSync(path.join(dir, 'demo.json'))).toBe(false);
      const counts = rowsOf<{ orgs: unknown; incidents: unknown; points: unknown; sessions: unknown }>(
        await empty.database.db.execute(sql`select (select count(*) from org) as orgs, (select count(*) from incident) as incidents,
          (select count(*) from gps_point) as points, (select count(*) from device_session) as sessions`),
      );
      expect(counts.map((c) => [c.orgs, c.incidents, c.points, c.sessions].map(Number))).toEqual([[0, 0, 0, 0]]);
    } finally {
      await empty.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
