import {
  TRAIL_MAX_POINTS,
  TRAIL_MAX_RANGE_MS,
  TRAIL_STOP_MIN_MS,
  type Trail,
  type TrailPoint,
  type TrailStop,
} from '@safety-shield/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { haversineMeters } from '../../places/distance.js';
import { placeOf } from '../../places/index.js';

/** Standing still (speed below 1 km/h) for at least TRAIL_STOP_MIN_MS. */
export function findStops(points: readonly TrailPoint[]): TrailStop[] {
  const stops: TrailStop[] = [];
  let start: TrailPoint | undefined;
  const close = (end: TrailPoint | undefined) => {
    if (start && end && end.time - start.time >= TRAIL_STOP_MIN_MS) {
      stops.push({ startTime: start.time, endTime: end.time, lat: start.lat, lng: start.lng, place: placeOf(start.lat, start.lng) });
    }
    start = undefined;
  };
  let previous: TrailPoint | undefined;
  for (const point of points) {
    if (point.speed < 1) start ??= point;
    else close(previous);
    previous = point;
  }
  close(previous);
  return stops;
}

export function summarise(points: readonly TrailPoint[], totalPoints: number): Trail {
  let meters = 0;
  let maxSpeed = 0;
  for (let i = 0; i < points.length; i++) {
    const point = points[i] as TrailPoint;
    maxSpeed = Math.max(maxSpeed, point.speed);
    if (i > 0) meters += haversineMeters(points[i - 1] as TrailPoint, point);
  }
  return { points: [...points], stops: findStops(points), distanceKm: Math.round(meters / 100) / 10, maxSpeed, totalPoints };
}

/**
 * The trail of a vehicle over a range (at most TRAIL_MAX_RANGE_MS). More than TRAIL_MAX_POINTS points are thinned
 * evenly in the database, so a week of one-second positions never crosses the wire whole.
 */
export async function readTrail(db: Db, vehicleId: number, startTime: number, endTime: number): Promise<Trail> {
  if (endTime <= startTime || endTime - startTime > TRAIL_MAX_RANGE_MS)
    throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
  const from = new Date(startTime).toISOString();
  const to = new Date(endTime).toISOString();
  const range = sql`vehicle_id = ${vehicleId} and at >= ${from}::timestamptz and at <= ${to}::timestamptz`;
  const counted = await db.execute(sql`select count(*) as n from gps_point where ${range}`);
  const totalPoints = Number(rowsOf<{ n: string | number }>(counted)[0]?.n ?? 0);
  const stride = Math.max(1, Math.ceil(totalPoints / TRAIL_MAX_POINTS));
  const result = await db.execute(sql`
    select (extract(epoch from at) * 1000)::bigint as t, lat, lng, speed, heading from (
      select at, lat, lng, speed, heading, row_number() over (order by at) as n from gps_point where ${range}
    ) numbered where (n - 1) % ${stride} = 0 order by at`);
  const points = rowsOf<{ t: string | number; lat: number; lng: number; speed: number; heading: number }>(result).map((r) => ({
    time: Number(r.t),
    lat: r.lat,
    lng: r.lng,
    speed: r.speed,
    heading: r.heading,
  }));
  return summarise(points, totalPoints);
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle's execute types differ per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
