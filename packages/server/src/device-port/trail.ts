import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { type Carry, type Driven, driven, type Fix } from './mileage.js';
import type { PositionFix } from './reports.js';

/** A device's new live position, pushed to consoles watching its vehicle. */
export interface PositionUpdate {
  deviceId: number;
  vehicleId: number | null;
  /** Epoch milliseconds of the point. */
  at: number;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  dbm: number | null;
}

/** A device row as the flush reads it, locked. */
interface DeviceRow {
  id: number;
  device_uuid: string;
  vehicle_id: number | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  position_ms: number | null;
  bound_ms: number | null;
}

/** One flush, worked out: the rows to insert (as columns, for unnest), the new live positions, the mileage to add. */
interface Plan {
  points: {
    device: number[];
    t: number[];
    vehicle: (number | null)[];
    lat: number[];
    lng: number[];
    speed: number[];
    heading: number[];
    dbm: (number | null)[];
  };
  positions: PositionUpdate[];
  mileage: { vehicle: number[]; meters: number[]; seconds: number[] };
  /** Each vehicle's fractions of a metre and second, kept once the flush committed. */
  fractions: Array<[number, Driven]>;
}

export interface TrailWritten {
  /** The new live position of each device whose newest point advanced. */
  positions: PositionUpdate[];
  /** Uuids with points but no device row (deleted meanwhile): their points are dropped. */
  unknown: string[];
}

/** node-postgres and PGlite both answer `{ rows }`; drizzle types `execute` per driver. */

/** Ascending by time, one point per millisecond (the trail's key is (device, at)). */
function ordered(points: PositionFix[]): PositionFix[] {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  return sorted.filter((point, i) => i === 0 || point.t !== sorted[i - 1]?.t);
}

function plan(devices: DeviceRow[], byDevice: ReadonlyMap<string, PositionFix[]>, carry: Carry): Plan {
  const result: Plan = {
    points: { device: [], t: [], vehicle: [], lat: [], lng: [], speed: [], heading: [], dbm: [] },
    positions: [],
    mileage: { vehicle: [], meters: [], seconds: [] },
    fractions: [],
  };
  const { points } = result;
  const drivenBy = new Map<number, Driven>();
  for (const row of devices) {
    const fixes = ordered(byDevice.get(row.device_uuid) ?? []);
    for (const p of fixes) {
      points.device.push(row.id);
      points.t.push(p.t);
      points.vehicle.push(row.vehicle_id);
      points.lat.push(p.lat);
      points.lng.push(p.lng);
      points.speed.push(p.speed);
      points.heading.push(p.heading);
      points.dbm.push(p.dbm);
    }
    // Only points newer than the stored position move the vehicle: older ones are resends or late arrivals.
    const since = row.position_ms;
    const newer = since === null ? fixes : fixes.filter((p) => p.t > since);
    const newest = newer.at(-1);
    if (!newest) continue;
    const { t, lat, lng, speed, heading, dbm } = newest;
    result.positions.push({ deviceId: row.id, vehicleId: row.vehicle_id, at: t, lat, lng, speed, heading, dbm });
    if (row.vehicle_id === null) continue;
    // A stored position from before the binding belongs to another vehicle's trip.
    const stored: Fix | null =
      since !== null && row.lat !== null && row.lng !== null && (row.bound_ms === null || row.bound_ms <= since)
        ? { t: since, lat: row.lat, lng: row.lng, speed: row.speed ?? 0 }
        : null;
    const trip = driven(stored, newer);
    const sum = drivenBy.get(row.vehicle_id) ?? { meters: 0, ms: 0 };
    drivenBy.set(row.vehicle_id, { meters: sum.meters + trip.meters, ms: sum.ms + trip.ms });
  }
  for (const [vehicleId, trip] of [...drivenBy].sort(([a], [b]) => a - b)) {
    const whole = carry.take(vehicleId, trip);
    result.fractions.push([vehicleId, whole.keep]);
    if (whole.meters === 0 && whole.seconds === 0) continue;
    result.mileage.vehicle.push(vehicleId);
    result.mileage.meters.push(whole.meters);
    result.mileage.seconds.push(whole.seconds);
  }
  return result;
}

/**
 * Writes one flush in one transaction: the points (one INSERT from unnest arrays, duplicates skipped), each device's
 * newest position, and what each vehicle drove. Device rows are locked first, so two nodes flushing the same device
 * (shared subscription) count its mileage once, and the binding read is the one in force at the write.
 */
export async function writeTrail(db: Db, byDevice: ReadonlyMap<string, PositionFix[]>, carry: Carry): Promise<TrailWritten> {
  const uuids = [...byDevice.keys()];
  const { positions, fractions, unknown } = await db.transaction(async (tx) => {
    const devices = rowsOf<DeviceRow>(
      await tx.execute(sql`
        select id, device_uuid, vehicle_id, lat, lng, speed, (extract(epoch from position_at) * 1000)::float8 as position_ms,
          (extract(epoch from bound_at) * 1000)::float8 as bound_ms
        from device where device_uuid = any(${sql.param(uuids)}::text[]) order by id for update`),
    );
    const work = plan(devices, byDevice, carry);
    const { points: p, positions: moved, mileage: m } = work;
    if (p.device.length > 0) {
      await tx.execute(sql`
        insert into gps_point (device_id, at, vehicle_id, lat, lng, speed, heading, dbm)
        select d, to_timestamp(t / 1000.0), v, la, ln, s, h, b
        from unnest(${sql.param(p.device)}::int[], ${sql.param(p.t)}::float8[], ${sql.param(p.vehicle)}::int[], ${sql.param(p.lat)}::float8[],
          ${sql.param(p.lng)}::float8[], ${sql.param(p.speed)}::real[], ${sql.param(p.heading)}::real[], ${sql.param(p.dbm)}::int[])
          as u(d, t, v, la, ln, s, h, b)
        on conflict do nothing`);
    }
    if (moved.length > 0) {
      const column = <K extends keyof PositionUpdate>(key: K) => sql.param(moved.map((position) => position[key]));
      await tx.execute(sql`
        update device as d set lat = u.la, lng = u.ln, speed = u.s, heading = u.h, dbm = u.b,
          position_at = to_timestamp(u.t / 1000.0), updated_at = now()
        from unnest(${column('deviceId')}::int[], ${column('at')}::float8[], ${column('lat')}::float8[], ${column('lng')}::float8[],
          ${column('speed')}::real[], ${column('heading')}::real[], ${column('dbm')}::int[]) as u(id, t, la, ln, s, h, b)
        where d.id = u.id and (d.position_at is null or d.position_at < to_timestamp(u.t / 1000.0))`);
    }
    if (m.vehicle.length > 0) {
      await tx.execute(sql`
        update vehicle as v set driven_meters = v.driven_meters + u.m, running_seconds = v.running_seconds + u.s
        from unnest(${sql.param(m.vehicle)}::int[], ${sql.param(m.meters)}::bigint[], ${sql.param(m.seconds)}::bigint[]) as u(id, m, s)
        where v.id = u.id`);
    }
    const found = new Set(devices.map((row) => row.device_uuid));
    return { positions: moved, fractions: work.fractions, unknown: uuids.filter((uuid) => !found.has(uuid)) };
  });
  for (const [vehicleId, fraction] of fractions) carry.keep(vehicleId, fraction);
  return { positions, unknown };
}
