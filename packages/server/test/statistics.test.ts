import type { DashboardPeriod, DashboardRange, Role, StatisticsOverview, StatisticsQuery } from '@safety-shield/contract';
import { dashboardPeriods, dashboardRanges, incidentTypes, statisticsApi } from '@safety-shield/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, eventTag, gpsPoint, incident, vehicle } from '../src/db/schema.js';
import type { Principal } from '../src/http/principal.js';
import { distances } from '../src/modules/statistics/repo.js';
import { statisticsView } from '../src/modules/statistics/view.js';
import { haversineMeters } from '../src/places/distance.js';
import { placeOf } from '../src/places/index.js';
import { call, callUnchecked } from './api-client.js';
import { addAccount, appWithTrees, createOrg, signedIn, type Tree } from './identity-fixtures.js';

/**
 * Issue 19: every statistic equals a direct count over incidents and trails, whatever the rollup holds: before the
 * job ran, after it rolled part or all of the days, and after incidents changed (recycle bin, re-tag, deletion, late
 * arrivals, late positions). The oracle below counts in JavaScript with Intl's reading of the zones; the data sit
 * around 2024's daylight-saving changes and month and season ends, and `now` falls near midnights.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small seeded generator (mulberry32): a failing case can be run again. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
const SEED = Number(process.env.STATISTICS_SEED ?? 19_019);
const random = generator(SEED);

/** Havana falls back at 01:00 to midnight (the day's first hour passes twice); Santiago springs forward at midnight. */
const ZONES = [
  'Europe/Oslo',
  'America/New_York',
  'Asia/Kolkata',
  'UTC',
  'Australia/Lord_Howe',
  'America/Havana',
  'America/Santiago',
] as const;
/** 2024's daylight-saving changes (EU, US, Lord Howe's half hour, Havana's and Santiago's at midnight) and a season's end. */
const ANCHORS = [
  Date.UTC(2024, 10, 3, 5),
  Date.UTC(2024, 8, 8, 4),
  Date.UTC(2024, 2, 31, 1),
  Date.UTC(2024, 9, 27, 1),
  Date.UTC(2024, 2, 10, 7),
  Date.UTC(2024, 10, 3, 6),
  Date.UTC(2024, 3, 6, 15),
  Date.UTC(2024, 5, 30, 22),
];
/** Towns (and the sea, and no position) incidents happen at. */
const SPOTS: ([number, number] | null)[] = [
  [59.9139, 10.7522],
  [59.7439, 10.2045],
  [40.7128, -74.006],
  [19.076, 72.8777],
  [51.5072, -0.1276],
  [0, -30],
  null,
];

const { ctx, admin, a, b, c, d, e, f, g } = await appWithTrees({
  a: 'StatA',
  b: 'StatB',
  c: 'StatC',
  d: 'StatD',
  e: 'StatE',
  f: 'StatF',
  g: 'StatG',
});
afterAll(() => ctx.close());
const trees = [a, b, c, d, e, f, g];
const zoneOfCompany = new Map(trees.map((tree, i) => [tree.company, ZONES[i] as string]));
const secondFleet = await createOrg(ctx, admin, 'fleet', { parentId: a.company, name: 'Fleet StatA 2' });
/** Fleets with their chains. */
const fleets = [
  ...trees.map((t) => ({ agent: t.agent, company: t.company, fleet: t.fleet })),
  { agent: a.agent, company: a.company, fleet: secondFleet },
];

const companyAdmins = new Map<number, number>();
for (const [i, tree] of trees.entries()) {
  const id = await addAccount(ctx, `stat.company${i}`, 'COMPANY_ADMIN', tree);
  await ctx.database.db.update(account).set({ timeZone: ZONES[i] }).where(eq(account.id, id));
  companyAdmins.set(tree.company, id);
}
const fleetAdminId = await addAccount(ctx, 'stat.fleet', 'FLEET_ADMIN', a);
ctx.app.statistics.zones.forget();

const principal = (role: Role, chain: Partial<Tree>, accountId = 1): Principal => ({
  accountId,
  username: `p${accountId}`,
  role,
  language: 'en',
  agentId: chain.agent ?? null,
  companyId: chain.company ?? null,
  fleetId: chain.fleet ?? null,
  siteId: null,
  mustChangePassword: false,
  tokenHash: 'x',
  via: 'session',
  identifiedAt: null,
});
const callers = [
  principal('SUPER_ADMIN', {}),
  principal('AGENT_ADMIN', { agent: a.agent }),
  ...trees.map((t) => principal('COMPANY_ADMIN', { agent: t.agent, company: t.company })),
  principal('FLEET_ADMIN', a, fleetAdminId),
];

// Tags: each company's three defaults, and an own tag of the first.
const tagRows: { id: number; company: number; kind: string | null }[] = [];
for (const tree of trees) {
  for (const kind of ['emergency', 'interactive', 'general'] as const) {
    const [row] = await ctx.database.db
      .insert(eventTag)
      .values({ name: kind, defaultKind: kind, belongAgentId: tree.agent, belongCompanyId: tree.company })
      .returning({ id: eventTag.id });
    tagRows.push({ id: row?.id ?? 0, company: tree.company, kind });
  }
}
{
  const [row] = await ctx.database.db
    .insert(eventTag)
    .values({ name: 'Night', belongAgentId: a.agent, belongCompanyId: a.company })
    .returning({ id: eventTag.id });
  tagRows.push({ id: row?.id ?? 0, company: a.company, kind: null });
}
const tagKeyOf = (tagId: number | null) => {
  if (tagId === null) return 'none';
  const tag = tagRows.find((t) => t.id === tagId);
  return tag?.kind ?? `tag:${tagId}`;
};

// Vehicles: two per fleet; devices move between the vehicles of their company.
const vehicles: { id: number; agent: number; company: number; fleet: number }[] = [];
for (const f of fleets) {
  for (let i = 0; i < 2; i++) {
    const [row] = await ctx.database.db
      .insert(vehicle)
      .values({ licensePlate: `ST ${f.fleet}-${i}`, belongAgentId: f.agent, belongCompanyId: f.company, belongFleetId: f.fleet })
      .returning({ id: vehicle.id });
    vehicles.push({ id: row?.id ?? 0, ...f });
  }
}

interface Incident {
  id: number;
  vehicle: (typeof vehicles)[number];
  at: number;
  type: string;
  tagId: number | null;
  lat: number | null;
  lng: number | null;
  deleted: boolean;
}
interface Point {
  device: number;
  at: number;
  vehicleId: number | null;
  lat: number;
  lng: number;
  speed: number;
}
const incidents: Incident[] = [];
const points: Point[] = [];
let messages = 0;

/** An instant near an anchor: up to 100 days before it, 3 after. */
const nearAnchor = () => random.pick(ANCHORS) - random.int(100 * DAY) + random.int(3 * DAY);

async function addIncidents(count: number, at: () => number) {
  const rows: Incident[] = [];
  for (let i = 0; i < count; i++) {
    const v = random.pick(vehicles);
    const tags = tagRows.filter((t) => t.company === v.company);
    const spot = random.pick(SPOTS);
    rows.push({
      id: 0,
      vehicle: v,
      at: at(),
      type: random.pick(incidentTypes.slice(0, 5)),
      tagId: random.next() < 0.15 ? null : random.pick(tags).id,
      lat: spot ? spot[0] + (random.next() - 0.5) * 0.02 : null,
      lng: spot ? spot[1] + (random.next() - 0.5) * 0.02 : null,
      deleted: random.next() < 0.1,
    });
  }
  const inserted = await ctx.database.db
    .insert(incident)
    .values(
      rows.map((r) => ({
        deviceId: 1,
        deviceUuid: 'STAT',
        messageId: `stat${++messages}`,
        vehicleId: r.vehicle.id,
        type: r.type,
        tagId: r.tagId,
        triggerAt: new Date(r.at),
        lat: r.lat,
        lng: r.lng,
        deletedAt: r.deleted ? new Date() : null,
        belongAgentId: r.vehicle.agent,
        belongCompanyId: r.vehicle.company,
        belongFleetId: r.vehicle.fleet,
      })),
    )
    .returning({ id: incident.id });
  rows.forEach((r, i) => {
    r.id = inserted[i]?.id ?? 0;
  });
  incidents.push(...rows);
}

/** A burst of positions of one device: a drive with stops, now and then a jump no vehicle makes, bound or unbound. */
async function addTrail(bursts: number) {
  const rows: Point[] = [];
  for (let i = 0; i < bursts; i++) {
    const device = 100 + random.int(8);
    const company = random.pick(trees).company;
    const mine = vehicles.filter((v) => v.company === company);
    const vehicleId = random.next() < 0.1 ? null : random.pick(mine).id;
    let at = nearAnchor();
    let [lat, lng] = [59 + random.next(), 10 + random.next()];
    for (let j = 0; j < 12; j++) {
      at += 1000 * (20 + random.int(random.next() < 0.2 ? 900 : 240));
      const jump = random.next() < 0.05 ? 1 : 0.004;
      lat += (random.next() - 0.5) * jump;
      lng += (random.next() - 0.5) * jump;
      const taken = rows.some((p) => p.device === device && p.at === at) || points.some((p) => p.device === device && p.at === at);
      if (!taken) rows.push({ device, at, vehicleId, lat, lng, speed: random.next() < 0.3 ? 0 : 10 + random.int(80) });
    }
  }
  await ctx.database.db.insert(gpsPoint).values(
    rows.map((p) => ({
      deviceId: p.device,
      at: new Date(p.at),
      vehicleId: p.vehicleId,
      lat: p.lat,
      lng: p.lng,
      speed: p.speed,
      heading: 0,
    })),
  );
  points.push(...rows);
}

// ---- The oracle: a direct count, in JavaScript.

const localDay = (zone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
function rangeDays(zone: string, range: DashboardRange, now: number): [string, string] {
  const today = localDay(zone, now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  switch (range) {
    case 'today':
      return [today, shift(today, 1)];
    case 'last7Days':
      return [shift(today, -6), shift(today, 1)];
    case 'last14Days':
      return [shift(today, -13), shift(today, 1)];
    case 'lastMonth':
      return [first(y, m - 1), first(y, m)];
    case 'currentMonth':
      return [first(y, m), shift(today, 1)];
    case 'currentSeason':
      return [first(y, Math.floor((m - 1) / 3) * 3 + 1), shift(today, 1)];
  }
}
function bucketOf(day: string, period: DashboardPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'year') return `${day.slice(0, 4)}-01-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shift(day, -weekday);
}

/** Whether a chain is in a caller's scope (SPEC section 6) and the query's data source. */
function counts(p: Principal, q: StatisticsQuery, chain: { agent: number; company: number; fleet: number }) {
  if (p.role === 'AGENT_ADMIN' && chain.agent !== p.agentId) return false;
  if (p.role === 'COMPANY_ADMIN' && chain.company !== p.companyId) return false;
  if (p.role === 'FLEET_ADMIN' && chain.fleet !== p.fleetId) return false;
  if (q.agentId !== undefined && chain.agent !== q.agentId) return false;
  if (q.companyId !== undefined && chain.company !== q.companyId) return false;
  if (q.fleetId !== undefined && chain.fleet !== q.fleetId) return false;
  return true;
}

function oracle(p: Principal, q: StatisticsQuery, now: number) {
  const days = (company: number) => rangeDays(zoneOfCompany.get(company) ?? 'UTC', q.range, now);
  const byBucketType = new Map<string, number>();
  const byBucketTag = new Map<string, number>();
  const byFleet = new Map<number, number>();
  const byPlace = new Map<string, number>();
  let unplaced = 0;
  let total = 0;
  for (const i of incidents) {
    if (i.deleted || !counts(p, q, i.vehicle)) continue;
    if (q.vehicleId !== undefined && i.vehicle.id !== q.vehicleId) continue;
    if (q.tagId !== undefined && i.tagId !== q.tagId) continue;
    if (q.type !== undefined && i.type !== q.type) continue;
    const [from, to] = days(i.vehicle.company);
    const day = localDay(zoneOfCompany.get(i.vehicle.company) ?? 'UTC', i.at);
    if (day < from || day >= to) continue;
    const bucket = bucketOf(day, q.period);
    total += 1;
    byBucketType.set(`${bucket} ${i.type}`, (byBucketType.get(`${bucket} ${i.type}`) ?? 0) + 1);
    const tag = `${bucket} ${tagKeyOf(i.tagId)}`;
    byBucketTag.set(tag, (byBucketTag.get(tag) ?? 0) + 1);
    byFleet.set(i.vehicle.fleet, (byFleet.get(i.vehicle.fleet) ?? 0) + 1);
    const place = placeOf(i.lat, i.lng);
    if (place) byPlace.set(`${place.name}|${place.country}`, (byPlace.get(`${place.name}|${place.country}`) ?? 0) + 1);
    else unplaced += 1;
  }
  let meters = 0;
  let drivingMs = 0;
  const metersByBucket = new Map<string, number>();
  const byDevice = new Map<number, Point[]>();
  for (const point of points) byDevice.set(point.device, [...(byDevice.get(point.device) ?? []), point]);
  for (const list of byDevice.values()) {
    list.sort((x, y) => x.at - y.at);
    for (let i = 1; i < list.length; i++) {
      const from = list[i - 1] as Point;
      const to = list[i] as Point;
      if (to.vehicleId === null || from.vehicleId !== to.vehicleId) continue;
      const v = vehicles.find((x) => x.id === to.vehicleId);
      if (!v || !counts(p, q, v) || (q.vehicleId !== undefined && v.id !== q.vehicleId)) continue;
      const [first, end] = days(v.company);
      const day = localDay(zoneOfCompany.get(v.company) ?? 'UTC', to.at);
      if (day < first || day >= end) continue;
      const dt = to.at - from.at;
      const distance = haversineMeters(from, to);
      if ((distance / dt) * 3600 <= 200) {
        meters += distance;
        const bucket = bucketOf(day, q.period);
        metersByBucket.set(bucket, (metersByBucket.get(bucket) ?? 0) + distance);
      }
      if (to.speed > 0 && dt <= 300_000) drivingMs += dt;
    }
  }
  return { total, byBucketType, byBucketTag, byFleet, byPlace, unplaced, meters, drivingMs, metersByBucket };
}

/** The answer laid out as the oracle's maps. */
function flatten(o: StatisticsOverview) {
  const byBucketType = new Map<string, number>();
  const byBucketTag = new Map<string, number>();
  o.series.types.forEach((t) => {
    t.counts.forEach((n, i) => {
      if (n > 0) byBucketType.set(`${o.series.buckets[i]?.label} ${t.key}`, n);
    });
  });
  o.series.tags.forEach((t) => {
    t.counts.forEach((n, i) => {
      if (n > 0) byBucketTag.set(`${o.series.buckets[i]?.label} ${t.key}`, n);
    });
  });
  return {
    total: o.total,
    byBucketType,
    byBucketTag,
    byFleet: new Map(o.fleets.map((f) => [f.fleetId, f.incidents])),
    byPlace: new Map(o.places.records.map((r) => [`${r.name}|${r.country}`, r.incidents])),
    unplaced: o.places.unplaced,
  };
}

interface Case {
  caller: Principal;
  query: StatisticsQuery;
  now: number;
}

/** A random caller, range, period, filters and `now` (often a minute either side of a midnight of one of the zones). */
function randomCase(): Case {
  const caller = random.pick(callers);
  const query: StatisticsQuery = { range: random.pick(dashboardRanges), period: random.pick(dashboardPeriods) };
  const mine = fleets.filter((f) => counts(caller, {} as StatisticsQuery, f));
  const f = random.pick(mine);
  const filter = random.int(8);
  if (filter === 1) query.fleetId = f.fleet;
  if (filter === 2) query.companyId = f.company;
  if (filter === 3) query.vehicleId = random.pick(vehicles.filter((v) => v.fleet === f.fleet)).id;
  if (filter === 4) query.tagId = random.pick(tagRows.filter((t) => t.company === f.company)).id;
  if (filter === 5) query.type = random.pick(incidentTypes.slice(0, 5));
  if (filter === 6 && caller.role === 'SUPER_ADMIN') query.agentId = f.agent;
  let now = random.pick(ANCHORS) + random.int(2 * DAY) - DAY;
  if (random.next() < 0.5) {
    const zone = random.pick(ZONES);
    const midnight = Date.parse(`${localDay(zone, now)}T00:00:00Z`);
    // The instant of that local midnight (Intl's offset at it), give or take a minute.
    const offset = Date.parse(new Date(midnight).toLocaleString('en-US', { timeZone: zone, hour12: false })) - midnight;
    now = midnight - (Number.isNaN(offset) ? 0 : offset) + (random.next() < 0.5 ? -60_000 : 60_000);
  }
  return { caller, query, now };
}

const cases = Array.from({ length: 40 }, randomCase);

async function expectDirectCounts(label: string) {
  // The cases must count something: most find incidents, many a distance.
  const wanted = cases.map(({ caller, query, now }) => oracle(caller, query, now));
  expect(wanted.filter((w) => w.total > 0).length).toBeGreaterThan(cases.length / 3);
  expect(wanted.filter((w) => w.meters > 0).length).toBeGreaterThan(cases.length / 8);
  for (const { caller, query, now } of cases) {
    const context = `${label}: ${caller.role} ${JSON.stringify(query)} at ${new Date(now).toISOString()} (seed ${SEED})`;
    const answer = await ctx.app.statistics.service.overview(caller, query, { now });
    const want = oracle(caller, query, now);
    const got = flatten(answer);
    expect(got.total, context).toBe(want.total);
    expect(got.byBucketType, context).toEqual(want.byBucketType);
    expect(got.byBucketTag, context).toEqual(want.byBucketTag);
    expect(got.byFleet, context).toEqual(want.byFleet);
    expect(got.byPlace, context).toEqual(want.byPlace);
    expect(got.unplaced, context).toBe(want.unplaced);
    // Distance to the metre and driving time to the millisecond, before rounding.
    const view = await statisticsView(ctx.database.db, ctx.app.statistics.zones, caller, query, now);
    const driven = await distances(ctx.database.db, view, query.period);
    expect(driven.total.meters, context).toBeCloseTo(want.meters, 3);
    expect(driven.total.drivingMs, context).toBe(want.drivingMs);
    for (const [bucket, m] of want.metersByBucket) expect(driven.byBucket.get(bucket)?.meters ?? 0, context).toBeCloseTo(m, 3);
    expect(Math.abs(answer.distance.distanceKm - want.meters / 1000), context).toBeLessThanOrEqual(0.05 + 1e-9);
  }
}

const statRows = async () => {
  const read = async (table: string) =>
    ((await ctx.database.db.execute(sql.raw(`select * from ${table} order by 1, 2, 3, 4, 5`))) as unknown as { rows: unknown[] }).rows;
  return {
    incidents: await read('stat_incident_day'),
    places: await read('stat_place_day'),
    vehicles: await read('stat_vehicle_day'),
  };
};

/** How many rows a statistics table holds. */
const rowsIn = async (table: string) =>
  ((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n;
/** Rolls every day the test's incidents fall on. */
const rollAll = () => ctx.app.statistics.rollup.run(Math.max(...ANCHORS) + 3 * DAY);
/** The rows of these incidents. */
const incidentRows = (list: Array<{ id: number }>) =>
  inArray(
    incident.id,
    list.map((i) => i.id),
  );

beforeAll(async () => {
  await addIncidents(500, nearAnchor);
  await addTrail(60);
}, 120_000);

describe('statistics equal a direct count', () => {
  it('before the rollup job ran', async () => {
    await expectDirectCounts('before the rollup');
  }, 300_000);

  it('with part of the days rolled, then all of them', async () => {
    const middle = ANCHORS[0] as number;
    const partly = await ctx.app.statistics.rollup.run(middle);
    expect(partly.companies).toBe(trees.length);
    await expectDirectCounts('partly rolled');
    await rollAll();
    expect(await rowsIn('stat_incident_day')).toBeGreaterThan(100);
    await expectDirectCounts('all rolled');
  }, 300_000);

  it('rolls idempotently: a second run changes nothing', async () => {
    const before = await statRows();
    const again = await rollAll();
    expect(again.days).toBe(0);
    // Rolling every day afresh writes the same rows.
    await ctx.database.db.execute(sql`update stat_rollup set rolled_until = null`);
    await rollAll();
    const after = await statRows();
    const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(after.incidents)).toEqual(sorted(before.incidents));
    expect(sorted(after.places)).toEqual(sorted(before.places));
    expect(after.vehicles.length).toBe(before.vehicles.length);
  }, 300_000);

  it('after incidents change on rolled days, before and after the job rolls them again', async () => {
    const live = incidents.filter((i) => !i.deleted);
    // To the recycle bin, back from it, re-tagged, deleted for good; late arrivals and late positions.
    const binned = live.slice(0, 25);
    await ctx.database.db.update(incident).set({ deletedAt: new Date() }).where(incidentRows(binned));
    for (const i of binned) i.deleted = true;
    const restored = incidents.filter((i) => i.deleted && !binned.includes(i)).slice(0, 5);
    await ctx.database.db.update(incident).set({ deletedAt: null }).where(incidentRows(restored));
    for (const i of restored) i.deleted = false;
    const retagged = live.slice(30, 40);
    for (const i of retagged) {
      const tag = tagRows.find((t) => t.company === i.vehicle.company && t.id !== i.tagId) ?? null;
      i.tagId = tag?.id ?? null;
      await ctx.database.db.update(incident).set({ tagId: i.tagId }).where(eq(incident.id, i.id));
    }
    const removed = live.slice(40, 45);
    await ctx.database.db.delete(incident).where(incidentRows(removed));
    incidents.splice(0, incidents.length, ...incidents.filter((i) => !removed.includes(i)));
    await addIncidents(30, nearAnchor);
    await addTrail(8);
    await expectDirectCounts('changed, not rolled again');
    await rollAll();
    expect(await rowsIn('stat_change')).toBe(0);
    await expectDirectCounts('rolled again');
  }, 300_000);

  it.runIf(ctx.database.kind === 'postgres')('rolls a company on one node only: one another node holds is left to it', async () => {
    await ctx.database.db.execute(sql`update stat_rollup set rolled_until = null where company_id = ${c.company}`);
    const zone = zoneOfCompany.get(c.company) as string;
    const target = localDay(zone, Math.max(...ANCHORS));
    // The other node: a transaction holding the company's lock while this node tries.
    const skipped = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(19019, ${c.company})`);
      return ctx.app.statistics.rollup.rollCompany(c.company, zone, target);
    });
    expect(skipped).toBeNull();
    expect(await ctx.app.statistics.rollup.rollCompany(c.company, zone, target)).toBeGreaterThan(0);
  });

  it('counts a company in its new zone once its first Company Admin’s zone changes', async () => {
    const companyAdmin = companyAdmins.get(d.company) as number;
    await ctx.database.db.update(account).set({ timeZone: 'Pacific/Auckland' }).where(eq(account.id, companyAdmin));
    ctx.app.statistics.zones.forget();
    zoneOfCompany.set(d.company, 'Pacific/Auckland');
    await expectDirectCounts('zone changed, not rolled again');
    await rollAll();
    await expectDirectCounts('zone changed, rolled again');
  }, 300_000);
});

describe('the statistics endpoints (overview, tag) over HTTP', () => {
  const overview = (token: string, query: StatisticsQuery) => call(ctx, token, statisticsApi.overview, query);
  const tag = (token: string, query: StatisticsQuery) => call(ctx, token, statisticsApi.tag, query);
  let fleetToken: string;
  let otherToken: string;

  beforeAll(async () => {
    fleetToken = (await signedIn(ctx, 'stat.fleet.http', 'FLEET_ADMIN', a)).token;
    otherToken = (await signedIn(ctx, 'stat.other.http', 'COMPANY_ADMIN', b)).token;
  });

  it('answers the Overview tab with every block', async () => {
    const res = await overview(admin, { range: 'currentSeason', period: 'week' });
    expect(res.code).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(
      ['allocation', 'byTag', 'byType', 'distance', 'fleets', 'period', 'places', 'series', 'span', 'total'].sort(),
    );
    expect(res.data.allocation.vehicles).toBe(vehicles.length);
    expect(res.data.span.timeZones).toContain('Europe/Oslo');
  });

  it('gives a Fleet Admin its fleet only', async () => {
    const res = await overview(fleetToken, { range: 'currentSeason', period: 'day' });
    expect(res.code).toBe(200);
    expect(res.data.fleets.every((f) => f.fleetId === a.fleet)).toBe(true);
    expect(res.data.allocation.vehicles).toBe(vehicles.filter((v) => v.fleet === a.fleet).length);
    expect(res.data.allocation.fleets.map((f) => f.fleetId)).toEqual([a.fleet]);
    // Its company's other fleet is not its own.
    expect((await overview(fleetToken, { range: 'today', period: 'day', fleetId: secondFleet })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });

  it('refuses another company’s fleet, vehicle and tag (PERMISSION_CHECK_FAIL)', async () => {
    const theirVehicle = vehicles.find((v) => v.company === a.company)?.id;
    const theirTag = tagRows.find((t) => t.company === a.company)?.id;
    for (const filter of [{ fleetId: a.fleet }, { vehicleId: theirVehicle }, { tagId: theirTag }, { companyId: a.company }]) {
      const query = { range: 'last7Days', period: 'day', ...filter } as const;
      const res = await overview(otherToken, query);
      expect(res.codeKey, JSON.stringify(filter)).toBe('PERMISSION_CHECK_FAIL');
      expect((await tag(otherToken, query)).codeKey, JSON.stringify(filter)).toBe('PERMISSION_CHECK_FAIL');
    }
    // The Super Admin learns that a fleet does not exist.
    expect((await overview(admin, { range: 'today', period: 'day', fleetId: 2147483647 })).codeKey).toBe('ORG_NOT_EXIST');
  });

  it('refuses bad input with the PARAM_CHECK_FAIL envelope', async () => {
    for (const [endpoint, bad] of [
      [statisticsApi.overview, {}],
      [statisticsApi.overview, { range: 'yesterday' }],
      [statisticsApi.overview, { range: 'today', period: 'hour' }],
      [statisticsApi.overview, { range: 'today', fleetId: 2147483648 }],
      [statisticsApi.overview, { range: 'today', vehicleId: -1 }],
      [statisticsApi.tag, { range: 'today', type: '\u0000' }],
      [statisticsApi.tag, { range: 'today\u0000' }],
      [statisticsApi.tag, { range: 'today', tagId: '1e400' }],
    ] as const) {
      const res = await callUnchecked(ctx, admin, endpoint, bad);
      const label = `${endpoint.path} ${JSON.stringify(bad)}`;
      expect(res.codeKey, label).toBe('PARAM_CHECK_FAIL');
      expect(res.status, label).toBe(400);
    }
  });

  it('keeps the page from Site Admins and normal users', async () => {
    const site = (await signedIn(ctx, 'stat.site', 'SITE_ADMIN', a)).token;
    expect((await overview(site, { range: 'today', period: 'day' })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });

  it('answers the Tag statistics tab: cycles, tags and the data source’s name', async () => {
    const res = await tag(admin, { range: 'currentSeason', period: 'month', fleetId: a.fleet });
    expect(res.code).toBe(200);
    expect(res.data.dataSource).toBe('Fleet StatA');
    const sum = res.data.rows.reduce((total, row) => total + row.count, 0);
    expect(sum).toBe(res.data.total);
    expect(res.data.series.types).toEqual([]);
  });
});
