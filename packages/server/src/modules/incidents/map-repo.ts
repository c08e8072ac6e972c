import { EVENT_MAP_MAX_CELLS, type EventMapQuery } from '@safety-shield/contract';
import { and, between, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incident } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { incidentFilter } from './repo.js';

/** A box in degrees; west > east is a box across the antimeridian. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type MapFilters = Omit<EventMapQuery, 'bbox' | 'zoom'>;

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
export async function incidentCells(db: Db, principal: Principal, filters: MapFilters, box: Box | undefined, cellSize: number) {
  const cell = sql.raw(`${cellSize}::float8`);
  const gx = sql`floor(${incident.lng} / ${cell})`;
  const gy = sql`floor(${incident.lat} / ${cell})`;
  return db
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
        incidentFilter(inScope(principal, incident), filters, false),
        isNotNull(incident.lat),
        isNotNull(incident.lng),
        box === undefined ? undefined : inBox(box),
      ),
    )
    .groupBy(gx, gy)
    .orderBy(sql`count(*) desc`, gx, gy)
    .limit(EVENT_MAP_MAX_CELLS);
}
