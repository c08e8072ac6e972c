import { type SQL, sql } from 'drizzle-orm';

/**
 * The direct counts both the rollup job and the live part of every answer use, so the two cannot disagree. Each reads
 * two relations its caller's WITH defines:
 * - `bounds(company_id, tz, scan_from, scan_to, cut, scan_from_at, scan_to_at)`: per company, its zone and the local
 *   days [scan_from, scan_to) to look at (and the instants searched for them, `scanInstants`); of those, days from `cut`
 *   on are counted, and earlier ones only when `dirty` names them;
 * - `dirty(company_id, day)`: rolled days that changed since (stat_change).
 * A local day is `(instant at time zone tz)::date`, PostgreSQL's reading of the zone, daylight saving included; the
 * instants searched are those days' own (`scanInstants`), and the date decides.
 */

/**
 * The first instant of a local day. PostgreSQL reads a midnight the clocks skip as the instant after the gap, the first
 * of the day; one they pass twice (a fall back at 01:00 to 00:00) as the second passing, so the hour before is tried.
 */
const firstInstant = (day: SQL, zone: SQL) => sql`(case
    when ((((${day})::timestamp at time zone ${zone}) - interval '1 hour') at time zone ${zone})::date = (${day})::date
    then (((${day})::timestamp at time zone ${zone}) - interval '1 hour') else ((${day})::timestamp at time zone ${zone}) end)`;

/** The columns `scan_from_at` and `scan_to_at` of bounds: the first instant of the scan's days, and of the day after. */
export const scanInstants = (from: SQL, to: SQL, zone: SQL) =>
  sql`${firstInstant(from, zone)} as scan_from_at, ${firstInstant(to, zone)} as scan_to_at`;

/** A local day counted directly: within the scan, and from `cut` on or named dirty. */
const counted = (day: SQL) => sql`${day} >= bounds.scan_from and ${day} < bounds.scan_to
  and (${day} >= bounds.cut or exists (select 1 from dirty where dirty.company_id = bounds.company_id and dirty.day = ${day}))`;

/**
 * Live incidents (not in the recycle bin) of the bounds' companies on days counted directly, one row each: chain, local
 * day, vehicle, type, tag and position. `where` narrows them (scope, filters) and may name "incident"'s columns.
 */
export const directIncidents = (where: SQL): SQL => sql`
  select incident.belong_agent_id, incident.belong_company_id, incident.belong_fleet_id, local.day, incident.vehicle_id,
    incident.type, incident.tag_id, incident.lat, incident.lng
  from bounds
  join incident on incident.belong_company_id = bounds.company_id and incident.deleted_at is null
    and incident.trigger_at >= bounds.scan_from_at and incident.trigger_at < bounds.scan_to_at
  cross join lateral (select (incident.trigger_at at time zone bounds.tz)::date as day) local
  where ${counted(sql`local.day`)} and ${where}`;

const EARTH_RADIUS_M = 6_371_008.8;
/** A jump faster than this is a GPS glitch, not driving; a longer gap is a device that was off (device-port/mileage.ts). */
const MAX_IMPLIED_KMH = 200;
const MAX_RUNNING_GAP_MS = 5 * 60_000;

/** The great-circle distance in metres, as `haversineMeters` (places/distance.ts) computes it. */
const haversine = sql`2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(
    power(sin(radians(seg.lat - prev.lat) / 2), 2)
    + cos(radians(prev.lat)) * cos(radians(seg.lat)) * power(sin(radians(seg.lng - prev.lng) / 2), 2))))`;

/**
 * What vehicles drove on days counted directly, one row per segment, by the odometer's rule (device-port/mileage.ts): a
 * segment joins a device's position to its previous one (whatever day or vehicle that was), belongs to the day and the
 * vehicle of its later position and counts only when both positions carry that vehicle; its length counts when its
 * implied speed is at most 200 km/h, its time when the later position moves and the gap is at most 5 minutes.
 * `vehicleWhere` narrows the vehicles (scope, filters; "vehicle"'s columns); a vehicle counts for its owner company.
 */
export const directSegments = (vehicleWhere: SQL): SQL => sql`
  with seg_vehicles as (
    select bounds.company_id, bounds.scan_from_at, bounds.scan_to_at, vehicle.id
    from bounds join vehicle on vehicle.belong_company_id = bounds.company_id
    where ${vehicleWhere}
  ), seg_devices as (
    -- Per vehicle through its index (vehicle_id, at), so only the days scanned are read ("offset 0" keeps the subquery
    -- from being flattened into a join that reads the whole trail).
    select distinct seg_vehicles.company_id, driven.device_id
    from seg_vehicles cross join lateral (select gps_point.device_id from gps_point where gps_point.vehicle_id = seg_vehicles.id
      and gps_point.at >= seg_vehicles.scan_from_at and gps_point.at < seg_vehicles.scan_to_at offset 0) driven
  ), seg as (
    -- Every position of those devices in the scan, whatever vehicle it carried, through the key (device_id, at).
    select point.device_id, point.vehicle_id, point.at, point.lat, point.lng, point.speed, seg_devices.company_id,
      lag(point.at) over w as prev_at, lag(point.lat) over w as prev_lat, lag(point.lng) over w as prev_lng,
      lag(point.vehicle_id) over w as prev_vehicle
    from seg_devices
    join bounds on bounds.company_id = seg_devices.company_id
    cross join lateral (select gps_point.device_id, gps_point.vehicle_id, gps_point.at, gps_point.lat, gps_point.lng, gps_point.speed
      from gps_point where gps_point.device_id = seg_devices.device_id
        and gps_point.at >= bounds.scan_from_at and gps_point.at < bounds.scan_to_at offset 0) point
    window w as (partition by seg_devices.company_id, point.device_id order by point.at)
  )
  select seg.company_id, seg.vehicle_id, vehicle.belong_fleet_id as fleet_id, local.day,
    case when ${haversine} * 3600 / part.ms <= ${MAX_IMPLIED_KMH} then ${haversine} else 0 end as meters,
    case when seg.speed > 0 and part.ms <= ${MAX_RUNNING_GAP_MS} then part.ms else 0 end as driving_ms
  from seg
  join bounds on bounds.company_id = seg.company_id
  join vehicle on vehicle.id = seg.vehicle_id and vehicle.belong_company_id = seg.company_id
  -- The first position of a device in the scan: its previous one comes from before (the key (device_id, at) finds it).
  left join lateral (select q.at, q.lat, q.lng, q.vehicle_id from gps_point q
    where seg.prev_at is null and q.device_id = seg.device_id and q.at < seg.at order by q.at desc limit 1) earlier on true
  cross join lateral (select
    case when seg.prev_at is null then earlier.at else seg.prev_at end as at,
    case when seg.prev_at is null then earlier.lat else seg.prev_lat end as lat,
    case when seg.prev_at is null then earlier.lng else seg.prev_lng end as lng,
    case when seg.prev_at is null then earlier.vehicle_id else seg.prev_vehicle end as vehicle_id) prev
  cross join lateral (select (seg.at at time zone bounds.tz)::date as day) local
  cross join lateral (select round(extract(epoch from (seg.at - prev.at)) * 1000)::float8 as ms) part
  where prev.at is not null and prev.vehicle_id = seg.vehicle_id and part.ms > 0 and ${counted(sql`local.day`)} and ${vehicleWhere}`;
