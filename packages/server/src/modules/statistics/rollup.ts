import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { placeOf } from '../../places/index.js';
import { dayIn } from './days.js';
import { directIncidents, directSegments, scanInstants } from './direct.js';
import type { CompanyZones } from './zones.js';

/**
 * A day is rolled once it ended this long ago: a position arriving more than an hour late is logged (stat_change, the
 * trail trigger), one arriving sooner must have been committed by then (five minutes' margin for its transaction).
 */
const SETTLE_MS = 65 * 60_000;

/** The advisory-lock class of the job (two-key locks: the company is the second key). */
const LOCK_CLASS = 19_019;

interface RollupResult {
  /** Companies rolled by this run (others were up to date, or another node had them). */
  companies: number;
  /** Days rolled afresh: new ones and changed ones. */
  days: number;
}

/**
 * The nightly rollup (docs/decisions.md, "Statistics (issue 19)"). Per company, in one REPEATABLE READ transaction under
 * a per-company advisory lock (so when several nodes run it, each company is rolled by one of them): the days that
 * ended (SETTLE_MS ago) in the company's zone and are not rolled yet, and rolled days the change log names, are deleted
 * and counted again from incidents and trails; the watermark moves and the log entries seen are deleted. Idempotent
 * (rolling a day twice writes the same rows), resumable (the watermark moves with the rows it covers).
 */
export class StatisticsRollup {
  constructor(
    private readonly db: Db,
    private readonly zones: CompanyZones,
  ) {}

  async run(now = Date.now()): Promise<RollupResult> {
    const zones = await this.zones.all();
    const companies = await this.db.execute(sql`select id from org where kind = 'company' order by id`);
    const ids = rowsOf<{ id: number }>(companies).map((row) => Number(row.id));
    const existing = new Set(ids);
    // Every company gets its watermark row first (nothing rolled): the queries read its zone from there.
    const zoneOf = (id: number) => zones.get(id) ?? 'UTC';
    await this.db.execute(sql`
      insert into stat_rollup (company_id, time_zone)
      select * from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map(zoneOf))}::text[])
      on conflict do nothing`);
    const state = rowsOf<{ company_id: number; time_zone: string; rolled_until: string | null; changes: boolean }>(
      await this.db.execute(sql`
        select r.company_id, r.time_zone, r.rolled_until::text as rolled_until,
          exists (select 1 from stat_change c where c.company_id = r.company_id) as changes
        from stat_rollup r`),
    );
    const result: RollupResult = { companies: 0, days: 0 };
    for (const row of state) {
      const company = Number(row.company_id);
      if (!existing.has(company)) continue;
      const zone = zoneOf(company);
      const target = dayIn(zone, now - SETTLE_MS);
      const due = row.time_zone !== zone || row.rolled_until === null || row.rolled_until < target || row.changes;
      if (!due) continue;
      const days = await this.rollCompany(company, zone, target);
      if (days !== null) {
        result.companies += 1;
        result.days += days;
      }
    }
    return result;
  }

  /** Rolls one company up to `target` (a local date, excluded); null when another node holds it or it moved meanwhile. */
  async rollCompany(company: number, zone: string, target: string): Promise<number | null> {
    try {
      return await this.db.transaction(async (tx) => this.roll(tx as unknown as Db, company, zone, target), {
        isolationLevel: 'repeatable read',
      });
    } catch (err) {
      // Another node rolled it since this snapshot began: it is done, or will be on the next run.
      if ((err as { code?: string }).code === '40001') return null;
      throw err;
    }
  }

  private async roll(tx: Db, company: number, zone: string, target: string): Promise<number | null> {
    const locked = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, ${company}) as got`));
    if (locked[0]?.got !== true) return null;
    // Compiling the day's queries (JIT) takes longer than running them: each is planned far above its cost.
    await tx.execute(sql`set local jit = off`);
    const [row] = rowsOf<{ time_zone: string; rolled_until: string | null }>(
      await tx.execute(sql`select time_zone, rolled_until::text as rolled_until from stat_rollup where company_id = ${company} for update`),
    );
    if (!row) return null;
    let rolledUntil = row.rolled_until;
    if (row.time_zone !== zone) {
      // The company's zone changed: its days are other days now; everything is rolled afresh.
      await this.clear(tx, company);
      rolledUntil = null;
    }
    // Rolled days the log names (entries of later days only tell of days not rolled yet).
    const logged = rowsOf<{ day: string }>(
      await tx.execute(sql`select distinct (at at time zone ${zone})::date::text as day from stat_change where company_id = ${company}`),
    ).map((r) => r.day);
    const dirty = rolledUntil === null ? [] : logged.filter((day) => day < (rolledUntil as string));
    const start = rolledUntil ?? (await this.firstDay(tx, company, zone)) ?? target;
    const cut = start < target ? start : target;
    const fresh = Math.max(0, Math.round((Date.parse(target) - Date.parse(cut)) / 86_400_000));
    if (dirty.length > 0 || fresh > 0) {
      const scanFrom = [cut, ...dirty].sort()[0] ?? cut;
      const bounds = sql`
        with bounds as (select ${company}::int as company_id, ${zone}::text as tz, ${scanFrom}::date as scan_from,
            ${target}::date as scan_to, ${cut}::date as cut, ${scanInstants(sql`${scanFrom}`, sql`${target}`, sql`${zone}::text`)}),
          dirty as (select ${company}::int as company_id, d::date as day from unnest(${sql.param(dirty)}::text[]) d)`;
      const days = sql`(day >= ${cut}::date and day < ${target}::date) or day = any(${sql.param(dirty)}::date[])`;
      await tx.execute(sql`delete from stat_incident_day where belong_company_id = ${company} and (${days})`);
      await tx.execute(sql`delete from stat_place_day where belong_company_id = ${company} and (${days})`);
      await tx.execute(sql`delete from stat_vehicle_day where company_id = ${company} and (${days})`);
      await tx.execute(sql`${bounds}
        insert into stat_incident_day (belong_agent_id, belong_company_id, belong_fleet_id, day, type, tag_id, incidents)
        select belong_agent_id, belong_company_id, belong_fleet_id, day, type, tag_id, count(*)
        from (${directIncidents(sql`true`)}) f group by 1, 2, 3, 4, 5, 6`);
      await this.rollPlaces(tx, bounds);
      await tx.execute(sql`${bounds}
        insert into stat_vehicle_day (company_id, vehicle_id, day, meters, driving_ms)
        select company_id, vehicle_id, day, sum(meters), sum(driving_ms)
        from (${directSegments(sql`true`)}) s group by 1, 2, 3 having sum(meters) > 0 or sum(driving_ms) > 0`);
    }
    const until = rolledUntil !== null && rolledUntil > target ? rolledUntil : target;
    await tx.execute(sql`
      update stat_rollup set time_zone = ${zone}, rolled_until = ${until}::date, rolled_at = now() where company_id = ${company}`);
    // REPEATABLE READ: only the entries this snapshot saw; one committed meanwhile stays for the next run.
    await tx.execute(sql`delete from stat_change where company_id = ${company}`);
    return fresh + dirty.length;
  }

  /** Incidents per place: positions are grouped in SQL, their towns found here (places/ is in memory, not in the database). */
  private async rollPlaces(tx: Db, bounds: ReturnType<typeof sql>) {
    const grouped = rowsOf<{
      belong_agent_id: number | null;
      belong_company_id: number;
      belong_fleet_id: number | null;
      day: string;
      type: string;
      tag_id: number | null;
      lat: number | null;
      lng: number | null;
      n: unknown;
    }>(
      await tx.execute(sql`${bounds}
        select belong_agent_id, belong_company_id, belong_fleet_id, day::text as day, type, tag_id, lat, lng, count(*) as n
        from (${directIncidents(sql`true`)}) f group by 1, 2, 3, 4, 5, 6, 7, 8`),
    );
    const sums = new Map<string, { row: (typeof grouped)[number]; name: string | null; country: string | null; n: number }>();
    for (const row of grouped) {
      const place = placeOf(row.lat, row.lng);
      const key = [row.belong_agent_id, row.belong_fleet_id, row.day, row.type, row.tag_id, place?.name, place?.country].join('\u0000');
      const sum = sums.get(key);
      if (sum) sum.n += Number(row.n);
      else sums.set(key, { row, name: place?.name ?? null, country: place?.country ?? null, n: Number(row.n) });
    }
    const all = [...sums.values()];
    for (let i = 0; i < all.length; i += 5000) {
      const part = all.slice(i, i + 5000);
      const column = <T>(pick: (s: (typeof all)[number]) => T) => sql.param(part.map(pick));
      await tx.execute(sql`
        insert into stat_place_day (belong_agent_id, belong_company_id, belong_fleet_id, day, type, tag_id, place_name, place_country, incidents)
        select * from unnest(${column((s) => s.row.belong_agent_id)}::int[], ${column((s) => s.row.belong_company_id)}::int[],
          ${column((s) => s.row.belong_fleet_id)}::int[], ${column((s) => s.row.day)}::date[], ${column((s) => s.row.type)}::text[],
          ${column((s) => s.row.tag_id)}::int[], ${column((s) => s.name)}::text[], ${column((s) => s.country)}::text[],
          ${column((s) => s.n)}::int[])`);
    }
  }

  /** The company's first local day with an incident or a position of its vehicles; null without any. */
  private async firstDay(tx: Db, company: number, zone: string): Promise<string | null> {
    const [row] = rowsOf<{ day: string | null }>(
      await tx.execute(sql`
        select (least(
          (select min(trigger_at) from incident where belong_company_id = ${company}),
          (select min(first.at) from vehicle cross join lateral
            (select min(gps_point.at) as at from gps_point where gps_point.vehicle_id = vehicle.id) first
            where vehicle.belong_company_id = ${company})
        ) at time zone ${zone})::date::text as day`),
    );
    return row?.day ?? null;
  }

  private async clear(tx: Db, company: number) {
    await tx.execute(sql`delete from stat_incident_day where belong_company_id = ${company}`);
    await tx.execute(sql`delete from stat_place_day where belong_company_id = ${company}`);
    await tx.execute(sql`delete from stat_vehicle_day where company_id = ${company}`);
  }
}
