import {
  EVENT_MAP_MAX_CELLS,
  EVENT_MAP_MAX_SPAN_MS,
  type EventCluster,
  type EventMap,
  type EventMapQuery,
  eventMapApi,
  eventMapCellDegrees,
  type IncidentType,
} from '@safety-shield/contract';
import { and, between, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { incident } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { incidentFilter } from './repo.js';

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `west,south,east,north` in degrees; west > east is a box across the antimeridian. */
function parseBox(text: string): Box {
  const [west, south, east, north] = text.split(',').map(Number) as [number, number, number, number];
  const lng = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;
  const lat = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
  if (!lng(west) || !lng(east) || !lat(south) || !lat(north) || south > north) {
    throw new AppError('PARAM_CHECK_FAIL', 'bbox', { field: 'bbox' });
  }
  return { west, south, east, north };
}

function inBox(box: Box): SQL | undefined {
  const lats = between(incident.lat, box.south, box.north);
  const lngs =
    box.west <= box.east
      ? between(incident.lng, box.west, box.east)
      : or(sql`${incident.lng} >= ${box.west}`, sql`${incident.lng} <= ${box.east}`);
  return and(lats, lngs);
}

/**
 * Incidents of the caller's scope on a grid: one row per cell with its average position and count, the busiest
 * cells first. The cell size is a server-made number written into the SQL, so the grouping expression in the
 * select list and in GROUP BY is the same text (parameters would make them differ).
 */
export async function eventMapOf(db: Db, scope: SQL, query: EventMapQuery): Promise<EventMap> {
  if (query.endTime < query.startTime) throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
  if (query.endTime - query.startTime > EVENT_MAP_MAX_SPAN_MS) throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
  const box = query.bbox === undefined ? undefined : parseBox(query.bbox);
  const { bbox: _, zoom, ...filters } = query;
  const cellSize = eventMapCellDegrees(zoom);
  const cell = sql.raw(`${cellSize}::float8`);
  const gx = sql`floor(${incident.lng} / ${cell})`;
  const gy = sql`floor(${incident.lat} / ${cell})`;
  const rows = await db
    .select({
      lat: sql<number>`avg(${incident.lat})`.mapWith(Number),
      lng: sql<number>`avg(${incident.lng})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
      // A cell of one: its incident (min over one row is that row).
      eventId: sql<number>`min(${incident.id})`.mapWith(Number),
      type: sql<string>`min(${incident.type})`,
      triggerTime: sql<number>`extract(epoch from min(${incident.triggerAt})) * 1000`.mapWith(Number),
      licensePlate: sql<string | null>`min(${incident.licensePlate})`,
      // Window functions run before LIMIT: the whole match and the number of cells, even when cells are left off.
      total: sql<number>`sum(count(*)) over ()`.mapWith(Number),
      cells: sql<number>`count(*) over ()`.mapWith(Number),
      west: sql<number>`min(min(${incident.lng})) over ()`.mapWith(Number),
      south: sql<number>`min(min(${incident.lat})) over ()`.mapWith(Number),
      east: sql<number>`max(max(${incident.lng})) over ()`.mapWith(Number),
      north: sql<number>`max(max(${incident.lat})) over ()`.mapWith(Number),
    })
    .from(incident)
    .where(
      and(
        incidentFilter(scope, filters, false),
        isNotNull(incident.lat),
        isNotNull(incident.lng),
        box === undefined ? undefined : inBox(box),
      ),
    )
    .groupBy(gx, gy)
    .orderBy(sql`count(*) desc`, gx, gy)
    .limit(EVENT_MAP_MAX_CELLS);
  const clusters = rows.map((r): EventCluster => {
    const at = { lat: r.lat, lng: r.lng, count: r.count };
    if (r.count !== 1) return at;
    return {
      ...at,
      eventId: r.eventId,
      type: r.type as IncidentType,
      triggerTime: Math.round(r.triggerTime),
      licensePlate: r.licensePlate,
    };
  });
  const first = rows[0];
  return {
    clusters,
    total: first?.total ?? 0,
    bounds: first ? { west: first.west, south: first.south, east: first.east, north: first.north } : null,
    cellSize,
    truncated: (first?.cells ?? 0) > rows.length,
  };
}

/** The incident map (SPEC section 2, `/map/event`): clusters of the caller's incidents in a time range and a box. */
export const eventMapRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  serve(app, eventMapApi, {
    clusters: async (req) => eventMapOf(db, inScope(principalOf(req), incident), req.query),
  });
};
