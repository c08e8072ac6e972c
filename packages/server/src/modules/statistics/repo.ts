import type { DashboardPeriod } from '@safety-shield/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { directIncidents, directSegments, scanInstants } from './direct.js';

const num = (value: unknown) => Number(value ?? 0);

/** One company in view: its zone and the local days [from, to) of the range there. */
export interface CompanySpan {
  id: number;
  zone: string;
  from: string;
  to: string;
}

/**
 * What an answer counts: the companies in view with their days, and the predicates of scope and filters for each
 * table read ("incident", the two rollups, "vehicle"). Without `rolled`, everything is counted directly (one vehicle).
 */
export interface View {
  companies: CompanySpan[];
  rolled: boolean;
  incidents: SQL;
  incidentDays: SQL;
  placeDays: SQL;
  vehicles: SQL;
}

/**
 * The WITH both the rollups and the direct counts read (direct.ts): per company its range [d0, d1), its watermark when
 * the rollup is in its current zone, the rolled days the change log names since, and what is counted directly.
 */
function spans(view: View): SQL {
  const column = <T>(pick: (c: CompanySpan) => T) => sql.param(view.companies.map(pick));
  const rolled = view.rolled ? sql`r.rolled_until` : sql`null::date`;
  return sql`
    with span as (
      select z.company_id, z.tz, z.d0::date as d0, z.d1::date as d1, ${rolled} as rolled
      from unnest(${column((c) => c.id)}::int[], ${column((c) => c.zone)}::text[], ${column((c) => c.from)}::text[],
        ${column((c) => c.to)}::text[]) as z(company_id, tz, d0, d1)
      left join stat_rollup r on r.company_id = z.company_id and r.time_zone = z.tz
    ), dirty as (
      select distinct c.company_id, (c.at at time zone s.tz)::date as day
      from span s join stat_change c on c.company_id = s.company_id
        and c.at >= (s.d0::timestamp at time zone s.tz) - interval '2 hours'
        and c.at < (least(s.d1, s.rolled)::timestamp at time zone s.tz) + interval '2 hours'
      where s.rolled is not null
    ), scans as (
      select s.company_id, s.tz, s.d0, s.d1, s.rolled, greatest(s.d0, coalesce(s.rolled, s.d0)) as cut, s.d1 as scan_to,
        least(greatest(s.d0, coalesce(s.rolled, s.d0)),
          coalesce((select min(x.day) from dirty x where x.company_id = s.company_id and x.day >= s.d0), s.d1)) as scan_from
      from span s
    ), bounds as (
      select scans.*, ${scanInstants(sql`scans.scan_from`, sql`scans.scan_to`, sql`scans.tz`)} from scans
    )`;
}

/** Rolled rows of a rollup for the days the rollup holds and no change touched since. */
const rolledDays = (table: SQL, company: SQL) => sql`
  join ${table} on ${company} = bounds.company_id and bounds.rolled is not null
    and ${table}.day >= bounds.d0 and ${table}.day < least(bounds.d1, bounds.rolled)
    and not exists (select 1 from dirty where dirty.company_id = bounds.company_id and dirty.day = ${table}.day)`;

const truncUnit: Record<DashboardPeriod, SQL> = {
  day: sql.raw(`'day'`),
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
  year: sql.raw(`'year'`),
};

export interface CountRows {
  byBucketType: { bucket: string; type: string; n: number }[];
  byBucketTag: { bucket: string; tagId: number | null; n: number }[];
  byFleet: { fleetId: number | null; n: number }[];
}

/** Incidents per bucket and type, per bucket and tag, and per fleet, in one grouping-sets pass over rollup + direct rows. */
export async function incidentCounts(db: Db, view: View, period: DashboardPeriod): Promise<CountRows> {
  if (view.companies.length === 0) return { byBucketType: [], byBucketTag: [], byFleet: [] };
  const result = await db.execute(sql`${spans(view)}, facts as (
      select stat_incident_day.belong_fleet_id as fleet_id, stat_incident_day.day, stat_incident_day.type,
        stat_incident_day.tag_id, stat_incident_day.incidents as n
      from bounds ${rolledDays(sql`stat_incident_day`, sql`stat_incident_day.belong_company_id`)}
      where ${view.incidentDays}
      union all
      select belong_fleet_id, day, type, tag_id, 1 from (${directIncidents(view.incidents)}) direct
    )
    select grouping(type) as g_type, grouping(tag_id) as g_tag, bucket::text as bucket, type, tag_id, fleet_id, sum(n) as n
    from (select date_trunc(${truncUnit[period]}, day::timestamp)::date as bucket, fleet_id, type, tag_id, n from facts) f
    group by grouping sets ((bucket, type), (bucket, tag_id), (fleet_id))`);
  const out: CountRows = { byBucketType: [], byBucketTag: [], byFleet: [] };
  for (const r of rowsOf<{
    g_type: number;
    g_tag: number;
    bucket: string | null;
    type: string | null;
    tag_id: number | null;
    fleet_id: number | null;
    n: unknown;
  }>(result)) {
    if (num(r.g_type) === 0) out.byBucketType.push({ bucket: r.bucket ?? '', type: r.type ?? '', n: num(r.n) });
    else if (num(r.g_tag) === 0)
      out.byBucketTag.push({ bucket: r.bucket ?? '', tagId: r.tag_id === null ? null : num(r.tag_id), n: num(r.n) });
    else out.byFleet.push({ fleetId: r.fleet_id === null ? null : num(r.fleet_id), n: num(r.n) });
  }
  return out;
}

export interface Driven {
  meters: number;
  drivingMs: number;
  active: number;
}

export interface DistanceRows {
  total: Driven;
  byBucket: Map<string, Driven>;
  byFleet: Map<number, Driven>;
}

/**
 * The CTE `trail(company_id, fleet_id, vehicle_id, day, meters, driving_ms)`: what each vehicle in view drove per local
 * day, rolled where the rollup holds the day, directly otherwise; the fleet is the vehicle's now, the company its owner.
 */
const trail = (view: View) => sql`trail as (
      select stat_vehicle_day.company_id, vehicle.belong_fleet_id as fleet_id, stat_vehicle_day.vehicle_id, stat_vehicle_day.day,
        stat_vehicle_day.meters, stat_vehicle_day.driving_ms
      from bounds ${rolledDays(sql`stat_vehicle_day`, sql`stat_vehicle_day.company_id`)}
      join vehicle on vehicle.id = stat_vehicle_day.vehicle_id
      where ${view.vehicles}
      union all
      select company_id, fleet_id, vehicle_id, day, meters, driving_ms from (${directSegments(view.vehicles)}) direct
    )`;

/** Distance, driving time and vehicles that drove: in all, per bucket and per fleet (the vehicle's fleet now). */
export async function distances(db: Db, view: View, period: DashboardPeriod): Promise<DistanceRows> {
  const out: DistanceRows = { total: { meters: 0, drivingMs: 0, active: 0 }, byBucket: new Map(), byFleet: new Map() };
  if (view.companies.length === 0) return out;
  const result = await db.execute(sql`${spans(view)}, ${trail(view)}
    select grouping(bucket) as g_bucket, grouping(fleet_id) as g_fleet, bucket::text as bucket, fleet_id,
      sum(meters) as meters, sum(driving_ms) as driving_ms, count(distinct vehicle_id) filter (where meters > 0) as active
    from (select date_trunc(${truncUnit[period]}, day::timestamp)::date as bucket, fleet_id, vehicle_id, meters, driving_ms from trail) t
    group by grouping sets ((bucket), (fleet_id), ())`);
  for (const r of rowsOf<{
    g_bucket: number;
    g_fleet: number;
    bucket: string | null;
    fleet_id: number | null;
    meters: unknown;
    driving_ms: unknown;
    active: unknown;
  }>(result)) {
    const driven = { meters: num(r.meters), drivingMs: num(r.driving_ms), active: num(r.active) };
    if (num(r.g_bucket) === 0) out.byBucket.set(r.bucket ?? '', driven);
    else if (num(r.g_fleet) === 0) {
      if (r.fleet_id !== null) out.byFleet.set(num(r.fleet_id), driven);
    } else out.total = driven;
  }
  return out;
}

/** Incidents of one type and severity (the tag's default kind, `other` for a company's own tag or none). */
export interface IncidentGroup {
  companyId: number;
  type: string;
  severity: string;
  n: number;
}

/** Incidents per vehicle, fleet (the incident's), company and period bucket, by type and severity: the safety score's. */
export interface IncidentsBy {
  vehicle: Map<number, IncidentGroup[]>;
  fleet: Map<number, IncidentGroup[]>;
  company: Map<number, IncidentGroup[]>;
  bucket: Map<string, IncidentGroup[]>;
}

/** Counted directly over the whole range: the rollups keep no vehicle. */
export async function incidentsBy(db: Db, view: View, period: DashboardPeriod): Promise<IncidentsBy> {
  const out: IncidentsBy = { vehicle: new Map(), fleet: new Map(), company: new Map(), bucket: new Map() };
  if (view.companies.length === 0) return out;
  const result = await db.execute(sql`${spans({ ...view, rolled: false })}
    select grouping(vehicle_id) as g_vehicle, grouping(fleet_id) as g_fleet, grouping(bucket) as g_bucket, vehicle_id, fleet_id,
      company_id, bucket::text as bucket, type, severity, count(*) as n
    from (
      select date_trunc(${truncUnit[period]}, d.day::timestamp)::date as bucket, d.vehicle_id, d.belong_fleet_id as fleet_id,
        d.belong_company_id as company_id, d.type, coalesce(event_tag.default_kind, 'other') as severity
      from (${directIncidents(view.incidents)}) d left join event_tag on event_tag.id = d.tag_id
    ) i
    group by grouping sets ((vehicle_id, company_id, type, severity), (fleet_id, company_id, type, severity),
      (company_id, type, severity), (bucket, company_id, type, severity))`);
  const add = <K>(map: Map<K, IncidentGroup[]>, key: K, group: IncidentGroup) => {
    const list = map.get(key);
    if (list) list.push(group);
    else map.set(key, [group]);
  };
  for (const r of rowsOf<{
    g_vehicle: number;
    g_fleet: number;
    g_bucket: number;
    vehicle_id: number | null;
    fleet_id: number | null;
    company_id: number;
    bucket: string | null;
    type: string;
    severity: string;
    n: unknown;
  }>(result)) {
    const group = { companyId: num(r.company_id), type: r.type, severity: r.severity, n: num(r.n) };
    if (num(r.g_vehicle) === 0) {
      if (r.vehicle_id !== null) add(out.vehicle, num(r.vehicle_id), group);
    } else if (num(r.g_fleet) === 0) {
      if (r.fleet_id !== null) add(out.fleet, num(r.fleet_id), group);
    } else if (num(r.g_bucket) === 0) add(out.bucket, r.bucket ?? '', group);
    else add(out.company, group.companyId, group);
  }
  return out;
}

/** Metres driven per vehicle, fleet (the vehicle's now), owner company and period bucket: the safety score's distances. */
export interface DrivenBy {
  vehicle: Map<number, number>;
  fleet: Map<number, number>;
  company: Map<number, number>;
  bucket: Map<string, number>;
}

export async function metersBy(db: Db, view: View, period: DashboardPeriod): Promise<DrivenBy> {
  const out: DrivenBy = { vehicle: new Map(), fleet: new Map(), company: new Map(), bucket: new Map() };
  if (view.companies.length === 0) return out;
  const result = await db.execute(sql`${spans(view)}, ${trail(view)}
    select grouping(vehicle_id) as g_vehicle, grouping(fleet_id) as g_fleet, grouping(company_id) as g_company, vehicle_id,
      fleet_id, company_id, bucket::text as bucket, sum(meters) as meters
    from (select date_trunc(${truncUnit[period]}, day::timestamp)::date as bucket, company_id, fleet_id, vehicle_id, meters from trail) t
    group by grouping sets ((vehicle_id), (fleet_id), (company_id), (bucket))`);
  for (const r of rowsOf<{
    g_vehicle: number;
    g_fleet: number;
    g_company: number;
    vehicle_id: number | null;
    fleet_id: number | null;
    company_id: number | null;
    bucket: string | null;
    meters: unknown;
  }>(result)) {
    const meters = num(r.meters);
    if (num(r.g_vehicle) === 0) out.vehicle.set(num(r.vehicle_id), meters);
    else if (num(r.g_fleet) === 0) {
      if (r.fleet_id !== null) out.fleet.set(num(r.fleet_id), meters);
    } else if (num(r.g_company) === 0) out.company.set(num(r.company_id), meters);
    else out.bucket.set(r.bucket ?? '', meters);
  }
  return out;
}

/** Incidents per place: rolled ones by town, direct ones by position (the caller names their towns). */
export async function placeCounts(db: Db, view: View) {
  if (view.companies.length === 0) return [];
  const result = await db.execute(sql`${spans(view)}
    select stat_place_day.place_name as name, stat_place_day.place_country as country, null::float8 as lat, null::float8 as lng,
      sum(stat_place_day.incidents) as n
    from bounds ${rolledDays(sql`stat_place_day`, sql`stat_place_day.belong_company_id`)}
    where ${view.placeDays}
    group by 1, 2
    union all
    select null, null, lat, lng, count(*) from (${directIncidents(view.incidents)}) direct group by 3, 4`);
  return rowsOf<{ name: string | null; country: string | null; lat: number | null; lng: number | null; n: unknown }>(result).map((r) => ({
    ...r,
    n: num(r.n),
  }));
}

export interface FleetVehicles {
  fleetId: number | null;
  vehicles: number;
  leasedOut: number;
  leasedIn: number;
}

/**
 * Vehicles now per fleet: owned ones (`owned`: scope and filters on the owner chain), those lent out of them, and those
 * leased in (`leasedIn`: scope and filters on the lessee chain, a running lease).
 */
export async function fleetVehicles(db: Db, owned: SQL, leasedIn: SQL): Promise<FleetVehicles[]> {
  const result = await db.execute(sql`
    select fleet_id, sum(owned) as vehicles, sum(lent) as leased_out, sum(borrowed) as leased_in from (
      select vehicle.belong_fleet_id as fleet_id, 1 as owned,
        (vehicle.lease_fleet_id is not null and vehicle.lease_expire_at > now())::int as lent, 0 as borrowed
      from vehicle where ${owned}
      union all
      select vehicle.lease_fleet_id, 0, 0, 1 from vehicle where ${leasedIn}
    ) v group by fleet_id`);
  return rowsOf<{ fleet_id: number | null; vehicles: unknown; leased_out: unknown; leased_in: unknown }>(result).map((r) => ({
    fleetId: r.fleet_id === null ? null : num(r.fleet_id),
    vehicles: num(r.vehicles),
    leasedOut: num(r.leased_out),
    leasedIn: num(r.leased_in),
  }));
}

/** Owned vehicles in view by use and by kind (the ten largest of each). */
export async function vehicleKinds(db: Db, owned: SQL) {
  const result = await db.execute(sql`
    select grouping(use_for) as g_use, use_for, kind_name, count(*) as n from vehicle where ${owned}
    group by grouping sets ((use_for), (kind_name))`);
  const byUse: { key: string | null; count: number }[] = [];
  const byKind: { key: string | null; count: number }[] = [];
  for (const r of rowsOf<{ g_use: number; use_for: string | null; kind_name: string | null; n: unknown }>(result)) {
    if (num(r.g_use) === 0) byUse.push({ key: r.use_for, count: num(r.n) });
    else byKind.push({ key: r.kind_name, count: num(r.n) });
  }
  const top = (list: typeof byUse) => list.sort((a, b) => b.count - a.count || String(a.key).localeCompare(String(b.key))).slice(0, 10);
  return { byUse: top(byUse), byKind: top(byKind) };
}

/** Names of fleets (with their companies') and tags by id. */
export async function names(db: Db, fleetIds: number[], tagIds: number[]) {
  const fleets = new Map<number, { name: string; company: string | null }>();
  const tags = new Map<number, { name: string; defaultKind: string | null }>();
  if (fleetIds.length > 0) {
    const result = await db.execute(sql`
      select f.id, f.name, (select c.name from org c where c.id = f.belong_company_id) as company
      from org f where f.id = any(${sql.param(fleetIds)}::int[])`);
    for (const r of rowsOf<{ id: number; name: string; company: string | null }>(result)) {
      fleets.set(num(r.id), { name: r.name, company: r.company });
    }
  }
  if (tagIds.length > 0) {
    const result = await db.execute(sql`select id, name, default_kind from event_tag where id = any(${sql.param(tagIds)}::int[])`);
    for (const r of rowsOf<{ id: number; name: string; default_kind: string | null }>(result)) {
      tags.set(num(r.id), { name: r.name, defaultKind: r.default_kind });
    }
  }
  return { fleets, tags };
}

/** The buckets of a period from the first day to the last (both local dates), every one present. */
export async function buckets(db: Db, period: DashboardPeriod, from: string, lastDay: string): Promise<string[]> {
  const result = await db.execute(sql`
    select b::date::text as bucket from generate_series(date_trunc(${truncUnit[period]}, ${from}::date::timestamp),
      date_trunc(${truncUnit[period]}, ${lastDay}::date::timestamp), ${sql.raw(`interval '1 ${period}'`)}) b`);
  return rowsOf<{ bucket: string }>(result).map((r) => r.bucket);
}
