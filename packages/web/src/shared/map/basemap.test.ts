import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { decodeBasemap, type WorldTopology } from './basemap.js';

const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
const basemap = decodeBasemap(JSON.parse(readFileSync(file, 'utf8')) as WorldTopology);

/** Ray casting: whether a [lng, lat] point lies inside a ring. */
function inRing([x = 0, y = 0]: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
/** The land polygon (outer ring and holes) a point stands on, if any. */
function landAt(point: Position): Position[][] | undefined {
  for (const { geometry } of basemap.land.features) {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const found = polygons.find(([outer = [], ...holes]) => inRing(point, outer) && !holes.some((hole) => inRing(point, hole)));
    if (found) return found;
  }
  return undefined;
}

const OSLO: Position = [10.7522, 59.9139];
// Inland towns: a coastal city's centre (Stockholm, Copenhagen) can fall just into the sea at 1:50 million.
const UPPSALA: Position = [17.6389, 59.8586];
const ROSKILDE: Position = [12.0803, 55.6415];
const SKAGERRAK: Position = [9.0, 58.0];
const NORTH_SEA: Position = [3.0, 57.0];

describe('offline basemap', () => {
  it('puts Oslo on the Scandinavian peninsula, shared with Sweden but not with Zealand, an island', () => {
    const peninsula = landAt(OSLO);
    expect(peninsula).toBeDefined();
    const [outer = []] = peninsula ?? [];
    expect(inRing(UPPSALA, outer)).toBe(true);
    expect(landAt(ROSKILDE)).toBeDefined();
    expect(inRing(ROSKILDE, outer)).toBe(false);
  });

  it('leaves the sea uncovered', () => {
    expect(landAt(SKAGERRAK)).toBeUndefined();
    expect(landAt(NORTH_SEA)).toBeUndefined();
  });

  it('draws the border between Norway and Sweden but no coast as a border', () => {
    const near = (target: Position, within: number) =>
      basemap.borders.coordinates.some((line) =>
        line.some(([lng = 0, lat = 0]) => Math.hypot(lng - (target[0] ?? 0), lat - (target[1] ?? 0)) < within),
      );
    // Svinesund, where the E6 crosses from Norway into Sweden.
    expect(near([11.27, 59.09], 0.2)).toBe(true);
    // Oslo lies 80 km from that border and on the fjord: neither is a line between two countries.
    expect(near(OSLO, 0.3)).toBe(false);
  });
});
