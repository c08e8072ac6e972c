import { EVENT_MAP_MAX_SPAN_MS, EVENT_MAP_MAX_ZOOM } from '@safety-shield/contract';

/** What the server needs of a map view: its box (`west,south,east,north`) and zoom. */
export interface Viewport {
  bbox: string;
  zoom: number;
}

interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A longitude of a copied world (Leaflet pans past ±180°) back into [-180, 180]. */
const wrap = (lng: number) => (lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Four decimals (about 10 m): small pans inside that give the same query. */
const fixed = (value: number) => String(Math.round(value * 1e4) / 1e4);

/**
 * The box of a Leaflet view as the server takes it: a view as wide as the world or wider is the whole world; a
 * view across the antimeridian keeps west > east, which the server reads as crossing it.
 */
export function viewportOf(bounds: Bounds, zoom: number): Viewport {
  const whole = bounds.east - bounds.west >= 360;
  const west = whole ? -180 : wrap(bounds.west);
  const east = whole ? 180 : wrap(bounds.east);
  const south = clamp(bounds.south, -90, 90);
  const north = clamp(bounds.north, -90, 90);
  return {
    bbox: [west, south, east, north].map(fixed).join(','),
    zoom: clamp(Math.round(zoom), 0, EVENT_MAP_MAX_ZOOM),
  };
}

/** A range the server accepts: at most 92 days. */
export const spanAllowed = (startTime: number, endTime: number) => endTime >= startTime && endTime - startTime <= EVENT_MAP_MAX_SPAN_MS;

/** Circle diameter in pixels: grows with the order of magnitude, so a thousand does not cover a city. */
export const clusterDiameter = (count: number) => Math.round(Math.min(64, 26 + 9 * Math.log10(Math.max(1, count))));
