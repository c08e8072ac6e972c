import type {
  DashboardCandlestick,
  DashboardFleetStatistic,
  DashboardIncident,
  DashboardMaintenance,
  DashboardPeriod,
  DashboardPeriodChart,
  DashboardQuotaStatus,
  DashboardSubscription,
  DashboardToDay,
} from '@safety-shield/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { device, deviceAlert, incident, org, subscription } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope, seesEverything } from '../../http/scope.js';
import { pendingAlerts } from '../device-alerts/index.js';
import { visibleVehicles } from '../vehicles/index.js';
import type { Window } from './window.js';

const int = (value: unknown) => Number(value ?? 0);
const ms = (value: unknown) => new Date(value as string | Date).getTime();

const iso = (d: Date) => d.toISOString();
/** Live incidents in scope: the predicate incident_company_live_idx (company, trigger_at, …) where deleted_at is null serves. */
const liveIncidents = (principal: Principal): SQL => sql`${inScope(principal, incident)} and "incident"."deleted_at" is null`;
const inWindow = (w: Window): SQL =>
  sql`"incident"."trigger_at" >= ${iso(w.from)}::timestamptz and "incident"."trigger_at" < ${iso(w.to)}::timestamptz`;

/** Whose device quota counts for the caller: its company's (Company and Fleet Admin), its agent's, the platform, or none. */
function quotaHolder(principal: Principal): { kind: 'platform' | 'agent' | 'company' | 'none'; id: number | null } {
  if (seesEverything(principal)) return { kind: 'platform', id: null };
  if (principal.role === 'AGENT_ADMIN' && principal.agentId !== null) return { kind: 'agent', id: principal.agentId };
  if ((principal.role === 'COMPANY_ADMIN' || principal.role === 'FLEET_ADMIN') && principal.companyId !== null)
    return { kind: 'company', id: principal.companyId };
  return { kind: 'none', id: null };
}

/** A company's device quota: its active subscription's, else the organisation's; null is no limit. */
const activeQuota = (companyId: SQL) =>
  sql`(select s.device_quota from subscription s where s.company_id = ${companyId} and s.state = 'active' order by s.ends_at desc limit 1)`;

/** The quota's used and total figures as SQL expressions, for the holder of the caller's quota. */
function quotaFigures(principal: Principal): { used: SQL; total: SQL } {
  const holder = quotaHolder(principal);
  switch (holder.kind) {
    case 'platform':
      return { used: sql`(select count(*) from device)`, total: sql`null::int` };
    case 'agent':
      return {
        used: sql`(select count(*) from device q where q.belong_agent_id = ${holder.id})`,
        total: sql`(select o.device_quota from org o where o.id = ${holder.id})`,
      };
    case 'company':
      return {
        used: sql`(select count(*) from device q where q.belong_company_id = ${holder.id})`,
        total: sql`coalesce(${activeQuota(sql`${holder.id}`)}, (select o.device_quota from org o where o.id = ${holder.id}))`,
      };
    default:
      return { used: sql`0`, total: sql`null::int` };
  }
}

/** The four stat cards in one statement: vehicles and devices online/total, incidents today/total, quota used/total. */
export async function toDay(db: Db, principal: Principal, w: Window): Promise<Omit<DashboardToDay, 'timeZone'>> {
  const quota = quotaFigures(principal);
  const result = await db.execute(sql`
    select v.total as v_total, v.online as v_online, d.total as d_total, d.online as d_online, i.total as i_total, i.today as i_today,
      ${quota.used} as q_used, ${quota.total} as q_total
    from (select count(*) as total,
            count(*) filter (where exists (select 1 from device bound where bound.vehicle_id = "vehicle"."id" and bound.online)) as online
          from vehicle where ${visibleVehicles(principal)}) v,
         (select count(*) as total, count(*) filter (where "device"."online") as online from device where ${inScope(principal, device)}) d,
         (select count(*) as total, count(*) filter (where "incident"."trigger_at" >= ${iso(w.today)}::timestamptz) as today
          from incident where ${liveIncidents(principal)}) i`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    vehicles: { online: int(r.v_online), total: int(r.v_total) },
    devices: { online: int(r.d_online), total: int(r.d_total) },
    incidents: { today: int(r.i_today), total: int(r.i_total) },
    quota: { used: int(r.q_used), total: r.q_total === null || r.q_total === undefined ? null : int(r.q_total) },
  };
}

/** Devices needing attention: pending running-status alerts (docs/device-protocol.md, `health`), offline, never seen, unbound. */
export async function maintenance(db: Db, principal: Principal): Promise<DashboardMaintenance> {
  const result = await db.execute(sql`
    select count(*) filter (where not "device"."online") as offline,
      count(*) filter (where "device"."first_online_at" is null) as never_online,
      count(*) filter (where "device"."vehicle_id" is null) as unbound,
      (select count(*) from ${deviceAlert} inner join ${device} on ${device.id} = ${deviceAlert.deviceId}
        where ${inScope(principal, device)} and ${pendingAlerts}) as alerts
    from device where ${inScope(principal, device)}`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return { alerts: int(r.alerts), offline: int(r.offline), neverOnline: int(r.never_online), unbound: int(r.unbound) };
}

/** The range's incidents: total and unread, per type and per tag, in one grouping-sets pass. */
export async function incidents(db: Db, principal: Principal, w: Window): Promise<Omit<DashboardIncident, 'window'>> {
  const result = await db.execute(sql`
    select grouping("incident"."type") as gtype, grouping("incident"."tag_id") as gtag, "incident"."type" as type,
      "incident"."tag_id" as tag_id, (select t.name from event_tag t where t.id = "incident"."tag_id") as tag_name,
      count(*) as n, count(*) filter (where "incident"."review_state" = 'unread') as unread
    from incident where ${liveIncidents(principal)} and ${inWindow(w)}
    group by grouping sets (("incident"."type"), ("incident"."tag_id"), ())`);
  const rows = rowsOf<{
    gtype: number;
    gtag: number;
    type: string;
    tag_id: number | null;
    tag_name: string | null;
    n: unknown;
    unread: unknown;
  }>(result);
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  const all = rows.find((r) => int(r.gtype) === 1 && int(r.gtag) === 1);
  return {
    total: int(all?.n),
    unread: int(all?.unread),
    byType: rows
      .filter((r) => int(r.gtype) === 0)
      .map((r) => ({ key: r.type, name: r.type, count: int(r.n) }))
      .sort(byCount),
    byTag: rows
      .filter((r) => int(r.gtag) === 0 && int(r.gtype) === 1)
      .map((r) => ({ key: r.tag_id === null ? 'none' : String(r.tag_id), name: r.tag_name, count: int(r.n) }))
      .sort(byCount),
  };
}

/** Whose device quota applies to the caller and how much is used, in one statement. */
export async function quotaStatus(db: Db, principal: Principal): Promise<DashboardQuotaStatus> {
  const holder = quotaHolder(principal);
  if (holder.kind === 'none') {
    return { holder: 'none', holderName: null, source: 'none', total: null, used: 0, remaining: null, companiesFull: 0 };
  }
  const figures = quotaFigures(principal);
  const subscribed = holder.kind === 'company' ? activeQuota(sql`${holder.id}`) : sql`null::int`;
  // Companies in scope at or over their quota: what agents and the Super Admin watch (a company sees its own figures).
  const companyQuota = sql`coalesce(${activeQuota(sql`"org"."id"`)}, "org"."device_quota")`;
  const companiesFull =
    holder.kind === 'company'
      ? sql`0`
      : sql`(select count(*) from org where "org"."kind" = 'company' and ${inScope(principal, org)} and ${companyQuota} is not null
          and (select count(*) from device d where d.belong_company_id = "org"."id") >= ${companyQuota})`;
  const result = await db.execute(sql`
    select ${holder.id === null ? sql`null::text` : sql`(select o.name from org o where o.id = ${holder.id})`} as name,
      ${figures.used} as used, ${figures.total} as total, ${subscribed} as subscribed, ${companiesFull} as full`);
  const r = rowsOf<{ name: string | null; used: unknown; total: unknown; subscribed: unknown; full: unknown }>(result)[0];
  const used = int(r?.used);
  const total = r?.total === null || r?.total === undefined ? null : int(r.total);
  const source = r?.subscribed !== null && r?.subscribed !== undefined ? 'subscription' : total === null ? 'none' : 'organisation';
  return {
    holder: holder.kind,
    holderName: r?.name ?? null,
    source,
    total,
    used,
    remaining: total === null ? null : Math.max(0, total - used),
    companiesFull: int(r?.full),
  };
}

const truncUnit: Record<DashboardPeriod, string> = { day: 'day', week: 'week', month: 'month', year: 'year' };

/** Incidents per day/week/month/year of the range, every bucket present; buckets begin on the caller's wall clock. */
export async function periodChart(
  db: Db,
  principal: Principal,
  w: Window,
  period: DashboardPeriod,
): Promise<DashboardPeriodChart['buckets']> {
  const unit = sql.raw(`'${truncUnit[period]}'`);
  const tz = w.timeZone;
  const result = await db.execute(sql`
    with series as (
      select generate_series(date_trunc(${unit}, ${iso(w.from)}::timestamptz at time zone ${tz}),
        (${iso(w.to)}::timestamptz at time zone ${tz}) - interval '1 microsecond', ${sql.raw(`interval '1 ${truncUnit[period]}'`)}) as b
    ), counted as (
      select date_trunc(${unit}, "incident"."trigger_at" at time zone ${tz}) as b, count(*) as n
      from incident where ${liveIncidents(principal)} and ${inWindow(w)} group by 1
    )
    select to_char(series.b, 'YYYY-MM-DD') as label, (extract(epoch from series.b at time zone ${tz}) * 1000)::bigint as start,
      coalesce(counted.n, 0) as n
    from series left join counted on counted.b = series.b order by series.b`);
  return rowsOf<{ label: string; start: unknown; n: unknown }>(result).map((r) => ({
    start: int(r.start),
    label: r.label,
    count: int(r.n),
  }));
}

/** Per day: the day's hourly incident counts as a candle (open first hour, close last hour, low/high quietest/busiest). */
export async function candlesticks(db: Db, principal: Principal, w: Window): Promise<DashboardCandlestick['days']> {
  const tz = w.timeZone;
  const result = await db.execute(sql`
    with hours as (
      select generate_series(date_trunc('hour', ${iso(w.from)}::timestamptz at time zone ${tz}),
        (${iso(w.to)}::timestamptz at time zone ${tz}) - interval '1 microsecond', interval '1 hour') as h
    ), counted as (
      select date_trunc('hour', "incident"."trigger_at" at time zone ${tz}) as h, count(*) as n
      from incident where ${liveIncidents(principal)} and ${inWindow(w)} group by 1
    )
    select to_char(hours.h, 'YYYY-MM-DD') as day, coalesce(counted.n, 0) as n
    from hours left join counted on counted.h = hours.h order by hours.h`);
  const days: DashboardCandlestick['days'] = [];
  for (const r of rowsOf<{ day: string; n: unknown }>(result)) {
    const n = int(r.n);
    const last = days.at(-1);
    if (last?.day === r.day) {
      last.close = n;
      last.low = Math.min(last.low, n);
      last.high = Math.max(last.high, n);
      last.total += n;
    } else days.push({ day: r.day, open: n, close: n, low: n, high: n, total: n });
  }
  return days;
}

const FLEETS_SHOWN = 50;

/** Per fleet in scope: vehicles, devices (online), incidents in the range; grouped once per table, no query per fleet. */
export async function fleetStatistics(
  db: Db,
  principal: Principal,
  w: Window,
  fleetId: number | undefined,
): Promise<Omit<DashboardFleetStatistic, 'window'>> {
  const one = fleetId === undefined ? sql`true` : sql`"org"."id" = ${fleetId}`;
  if (fleetId !== undefined) {
    const found = await db.execute(
      sql`select 1 from org where "org"."kind" = 'fleet' and "org"."id" = ${fleetId} and ${inScope(principal, org)}`,
    );
    if (rowsOf(found).length === 0) throw outOfScope(principal, 'ORG_NOT_EXIST');
  }
  const result = await db.execute(sql`
    select "org"."id" as id, "org"."name" as name, (select c.name from org c where c.id = "org"."belong_company_id") as company,
      coalesce(v.n, 0) as vehicles, coalesce(d.n, 0) as devices, coalesce(d.online, 0) as online, coalesce(i.n, 0) as incidents,
      count(*) over () as total
    from org
    left join (select "vehicle"."belong_fleet_id" as fleet, count(*) as n from vehicle where ${visibleVehicles(principal)} group by 1) v
      on v.fleet = "org"."id"
    left join (select "device"."belong_fleet_id" as fleet, count(*) as n, count(*) filter (where "device"."online") as online
      from device where ${inScope(principal, device)} group by 1) d on d.fleet = "org"."id"
    left join (select "incident"."belong_fleet_id" as fleet, count(*) as n from incident
      where ${liveIncidents(principal)} and ${inWindow(w)} group by 1) i on i.fleet = "org"."id"
    where "org"."kind" = 'fleet' and ${inScope(principal, org)} and ${one}
    order by coalesce(i.n, 0) desc, "org"."name" limit ${FLEETS_SHOWN}`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return {
    total: int(rows[0]?.total),
    records: rows.map((r) => ({
      fleetId: int(r.id),
      fleetName: String(r.name),
      companyName: (r.company as string | null) ?? null,
      vehicles: int(r.vehicles),
      devices: int(r.devices),
      devicesOnline: int(r.online),
      incidents: int(r.incidents),
    })),
  };
}

const DAY_MS = 86_400_000;

/** The caller's company's subscription (the newest active one, else the newest), and counts of those in scope. */
export async function subscriptionState(db: Db, principal: Principal): Promise<DashboardSubscription> {
  const counts = await db.execute(sql`
    select count(*) filter (where "subscription"."state" = 'active') as active,
      count(*) filter (where "subscription"."state" = 'suspended') as suspended,
      count(*) filter (where "subscription"."state" = 'ended') as ended,
      count(*) filter (where "subscription"."state" = 'active' and "subscription"."ends_at" < now() + interval '30 days') as soon
    from subscription where ${inScope(principal, subscription)}`);
  const c = rowsOf<Record<string, unknown>>(counts)[0] ?? {};
  let current: DashboardSubscription['current'] = null;
  const company = principal.role === 'COMPANY_ADMIN' || principal.role === 'FLEET_ADMIN' ? principal.companyId : null;
  if (company !== null) {
    const found = await db.execute(sql`
      select plan, state, device_quota, starts_at, ends_at from subscription where company_id = ${company}
      order by (state = 'active') desc, ends_at desc limit 1`);
    const s = rowsOf<{ plan: string; state: string; device_quota: number; starts_at: string | Date; ends_at: string | Date }>(found)[0];
    if (s) {
      const endTime = ms(s.ends_at);
      current = {
        plan: s.plan as NonNullable<DashboardSubscription['current']>['plan'],
        state: s.state as NonNullable<DashboardSubscription['current']>['state'],
        deviceQuota: s.device_quota,
        startTime: ms(s.starts_at),
        endTime,
        daysLeft: Math.max(0, Math.ceil((endTime - Date.now()) / DAY_MS)),
      };
    }
  }
  return { current, active: int(c.active), suspended: int(c.suspended), ended: int(c.ended), expiringSoon: int(c.soon) };
}
