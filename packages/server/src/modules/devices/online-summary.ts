import { isTimeZone, ONLINE_SUMMARY_MAX_DAYS, type OnlineSummaryQuery, type OnlineSummaryRecord, type Page } from '@safety-shield/contract';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { pageAsSelected } from '../../db/paging.js';
import { account, device } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { deviceFilter } from './repo.js';

const DAY_MS = 86_400_000;
/** A span of the longest allowed days that takes in the autumn clock change is an hour longer. */
const MAX_SPAN_MS = ONLINE_SUMMARY_MAX_DAYS * DAY_MS + 3_600_000;

/** A span of online time, cut into the caller's days. */
export interface OnlineSpan {
  startTime: number;
  endTime: number;
  zone: string;
  /** Every day of the span, YYYY-MM-DD in `zone`. */
  days: string[];
}

export type OnlineDays = Map<number, Array<{ day: string; seconds: number }>>;

/** The days `generate_series` walks: each of the span's days in the zone, with its edges as instants. */
const daysOf = (from: string, to: string, zone: string) => sql`
  select d::date as day, (d at time zone ${zone}) as day_start, ((d + interval '1 day') at time zone ${zone}) as day_end
  from generate_series(date_trunc('day', ${from}::timestamptz at time zone ${zone}),
                       date_trunc('day', (${to}::timestamptz - interval '1 millisecond') at time zone ${zone}),
                       interval '1 day') d`;

/**
 * Checks a span (it ends after it starts, at most ONLINE_SUMMARY_MAX_DAYS) and finds the caller's days: its account's
 * time zone, else its browser's, else UTC (issue 16's one rule).
 */
export async function onlineSpan(
  db: Db,
  principal: Principal,
  { startTime, endTime }: { startTime: number; endTime: number },
  browserZone: string | undefined,
  field = 'endTime',
): Promise<OnlineSpan> {
  if (endTime <= startTime || endTime - startTime > MAX_SPAN_MS) throw new AppError('PARAM_CHECK_FAIL', field, { field });
  const [row] = await db.select({ timeZone: account.timeZone }).from(account).where(eq(account.id, principal.accountId));
  const zone = isTimeZone(row?.timeZone) ? row.timeZone : (browserZone ?? 'UTC');
  const from = new Date(startTime).toISOString();
  const to = new Date(endTime).toISOString();
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from (${daysOf(from, to, zone)}) days order by day`),
  );
  return { startTime, endTime, zone, days: days.map((row) => row.day) };
}

/**
 * Seconds online per device and day of a span: the finished connections (`device_session`) and the running one, cut
 * at the days' edges and the span's; days without time are left out.
 */
export async function onlineDays(db: Db, ids: number[], span: OnlineSpan): Promise<OnlineDays> {
  const byDevice: OnlineDays = new Map();
  if (ids.length === 0) return byDevice;
  const from = new Date(span.startTime).toISOString();
  const to = new Date(span.endTime).toISOString();
  const spans = rowsOf<{ device_id: number; day: string; seconds: number }>(
    await db.execute(sql`
      with s as (
        select device_id, started_at, ended_at from device_session
        where ${inArray(sql`device_id`, ids)} and ended_at > ${from}::timestamptz and started_at < ${to}::timestamptz
        union all
        select id, last_online_at, now() from device
        where ${inArray(sql`id`, ids)} and online and last_online_at < ${to}::timestamptz),
      days as (${daysOf(from, to, span.zone)})
      select s.device_id, to_char(days.day, 'YYYY-MM-DD') as day,
        floor(sum(extract(epoch from least(s.ended_at, days.day_end, ${to}::timestamptz)
          - greatest(s.started_at, days.day_start, ${from}::timestamptz))))::int as seconds
      from s join days on s.started_at < days.day_end and s.ended_at > days.day_start
      group by s.device_id, days.day order by days.day`),
  );
  for (const row of spans) {
    if (row.seconds <= 0) continue;
    const list = byDevice.get(row.device_id) ?? [];
    list.push({ day: row.day, seconds: row.seconds });
    byDevice.set(row.device_id, list);
  }
  return byDevice;
}

/** Online time per device and day (`/device/lineSummary`): the devices of the caller's scope a page at a time. */
export async function onlineSummary(
  db: Db,
  principal: Principal,
  query: OnlineSummaryQuery,
  browserZone: string | undefined,
): Promise<Page<OnlineSummaryRecord>> {
  const span = await onlineSpan(db, principal, query, browserZone);
  // The span is the online time's, not the devices' creation (the list's startTime/endTime).
  const { keyword, agentId, companyId, fleetId } = query;
  const where = deviceFilter(inScope(principal, device), { keyword, agentId, companyId, fleetId });
  const page = await pageAsSelected(
    query,
    db
      .select({
        id: device.id,
        uuid: device.deviceUuid,
        vehicleId: device.vehicleId,
        plate: sql<string | null>`(select v.license_plate from vehicle v where v.id = ${device.vehicleId})`,
      })
      .from(device)
      .where(where)
      .orderBy(desc(device.createdAt), desc(device.id))
      .$dynamic(),
    db.select({ n: count() }).from(device).where(where),
  );
  const byDevice = await onlineDays(
    db,
    page.records.map((row) => row.id),
    span,
  );
  return {
    total: page.total,
    records: page.records.map((row) => {
      const days = byDevice.get(row.id) ?? [];
      return {
        deviceId: row.id,
        deviceUuid: row.uuid,
        vehicleId: row.vehicleId,
        licensePlate: row.plate,
        days,
        totalSeconds: days.reduce((sum, day) => sum + day.seconds, 0),
      };
    }),
  };
}
