import {
  EVENT_MAP_MAX_SPAN_MS,
  type EventCluster,
  type EventMap,
  type EventMapQuery,
  eventMapCellDegrees,
  type IncidentType,
} from '@safety-shield/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { placeOf } from '../../places/index.js';
import { type Box, incidentCells } from './map-repo.js';

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

/**
 * The incident map (SPEC section 2, `/map/event`): the caller's incidents of a time range (at most
 * EVENT_MAP_MAX_SPAN_MS) in a box, as clusters on a grid whose cells shrink as the zoom grows.
 */
export async function eventMapOf(db: Db, principal: Principal, query: EventMapQuery): Promise<EventMap> {
  if (query.endTime - query.startTime > EVENT_MAP_MAX_SPAN_MS) throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
  const box = query.bbox === undefined ? undefined : parseBox(query.bbox);
  const { bbox: _, zoom, ...filters } = query;
  const cellSize = eventMapCellDegrees(zoom);
  const rows = await incidentCells(db, principal, filters, box, cellSize);
  const clusters = rows.map((r): EventCluster => {
    const at = { lat: r.lat, lng: r.lng, count: r.count };
    if (r.count !== 1) return at;
    return {
      ...at,
      eventId: r.eventId,
      type: r.type as IncidentType,
      triggerTime: Math.round(r.triggerTime),
      licensePlate: r.licensePlate,
      place: placeOf(r.lat, r.lng),
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
