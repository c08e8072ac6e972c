import { hashSeed, type Random, seededRandom, uniform } from './random.js';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface City extends LatLng {
  name: string;
}

/** Real towns of southern Norway and Sweden, so trails land on a map where a viewer expects them. */
export const CITIES: readonly City[] = [
  { name: 'Oslo', lat: 59.9139, lng: 10.7522 },
  { name: 'Drammen', lat: 59.7439, lng: 10.2045 },
  { name: 'Hamar', lat: 60.7945, lng: 11.068 },
  { name: 'Lillehammer', lat: 61.1153, lng: 10.4662 },
  { name: 'Gothenburg', lat: 57.7089, lng: 11.9746 },
  { name: 'Stockholm', lat: 59.3293, lng: 18.0686 },
  { name: 'Uppsala', lat: 59.8586, lng: 17.6389 },
  { name: 'Karlstad', lat: 59.3793, lng: 13.5036 },
];

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in metres. */
export function haversine(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in whole degrees, 0..359 (0 = north, 90 = east), as the protocol's `heading`. */
export function bearing(a: LatLng, b: LatLng): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return Math.round(deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point a fraction of the way from a to b along the great circle. */
export function intermediatePoint(a: LatLng, b: LatLng, fraction: number): LatLng {
  const delta = haversine(a, b) / EARTH_RADIUS_M;
  if (delta === 0) return { lat: a.lat, lng: a.lng };
  const wa = Math.sin((1 - fraction) * delta) / Math.sin(delta);
  const wb = Math.sin(fraction * delta) / Math.sin(delta);
  const [lat1, lng1, lat2, lng2] = [rad(a.lat), rad(a.lng), rad(b.lat), rad(b.lng)];
  const x = wa * Math.cos(lat1) * Math.cos(lng1) + wb * Math.cos(lat2) * Math.cos(lng2);
  const y = wa * Math.cos(lat1) * Math.sin(lng1) + wb * Math.cos(lat2) * Math.sin(lng2);
  const z = wa * Math.sin(lat1) + wb * Math.sin(lat2);
  return { lat: deg(Math.atan2(z, Math.hypot(x, y))), lng: deg(Math.atan2(y, x)) };
}

/** The point reached from `start` after `distanceM` metres on the (fractional) bearing `bearingDeg`. */
export function destinationPoint(start: LatLng, bearingDeg: number, distanceM: number): LatLng {
  const delta = distanceM / EARTH_RADIUS_M;
  const theta = rad(bearingDeg);
  const lat1 = rad(start.lat);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(delta) + Math.cos(lat1) * Math.sin(delta) * Math.cos(theta));
  const lng2 =
    rad(start.lng) + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(lat1), Math.cos(delta) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: deg(lat2), lng: ((deg(lng2) + 540) % 360) - 180 };
}

/** A polyline with its cumulative distances, so a position along it is a binary search away. */
export interface Route {
  from: City;
  to: City;
  points: readonly LatLng[];
  /** cumulative[i]: metres from the start to points[i]. */
  cumulative: readonly number[];
  lengthM: number;
}

export function toRoute(from: City, to: City, points: readonly LatLng[]): Route {
  const cumulative = [0];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) throw new Error('route point missing');
    cumulative.push((cumulative[i - 1] ?? 0) + haversine(a, b));
  }
  return { from, to, points, cumulative, lengthM: cumulative[cumulative.length - 1] ?? 0 };
}

export interface RoutePosition extends LatLng {
  /** Bearing of the segment being driven, 0..359. */
  heading: number;
}

/** Where one stands after `distanceM` metres along the route (clamped to its ends). */
export function positionAt(route: Route, distanceM: number): RoutePosition {
  const { points, cumulative } = route;
  const d = Math.min(Math.max(distanceM, 0), route.lengthM);
  // The last segment whose start is at or before d.
  let low = 0;
  let high = points.length - 2;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((cumulative[mid] ?? 0) <= d) low = mid;
    else high = mid - 1;
  }
  const a = points[low];
  const b = points[low + 1] ?? a;
  if (!a || !b) throw new Error('empty route');
  const start = cumulative[low] ?? 0;
  const span = (cumulative[low + 1] ?? start) - start;
  const f = span > 0 ? (d - start) / span : 0;
  // Segments are about a kilometre long: a straight lat/lng blend is well within GPS error.
  return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f, heading: bearing(a, b) };
}

/** Spacing of the waypoints of a generated road. */
const WAYPOINT_SPACING_M = 1_000;

/**
 * A road-like route between two cities: waypoints about every kilometre along the great circle, pushed sideways by
 * a few seeded waves (long bends, then shorter curves) that fade to zero at both ends, so the route starts and ends
 * exactly at the cities. The road from B to A is the road from A to B reversed.
 */
export function buildRoute(from: City, to: City, mapSeed = 1): Route {
  if (from.name > to.name) {
    const back = buildRoute(to, from, mapSeed);
    return toRoute(from, to, [...back.points].reverse());
  }
  const random = seededRandom(hashSeed(mapSeed, from.name, to.name));
  const straightM = haversine(from, to);
  const count = Math.max(2, Math.ceil(straightM / WAYPOINT_SPACING_M));
  const waves = roadWaves(random, straightM);
  const points: LatLng[] = [];
  for (let i = 0; i <= count; i++) {
    const f = i / count;
    const onLine = intermediatePoint(from, to, f);
    if (i === 0 || i === count) {
      points.push(i === 0 ? { lat: from.lat, lng: from.lng } : { lat: to.lat, lng: to.lng });
      continue;
    }
    const offsetM = Math.sin(Math.PI * f) * waves.reduce((sum, w) => sum + w.amplitudeM * Math.sin(Math.PI * w.cycles * f + w.phase), 0);
    const ahead = intermediatePoint(from, to, Math.min(1, f + 1 / count));
    points.push(destinationPoint(onLine, bearing(onLine, ahead) + 90, offsetM + uniform(random, -40, 40)));
  }
  return toRoute(from, to, points);
}

interface Wave {
  amplitudeM: number;
  cycles: number;
  phase: number;
}

/** Bends at several scales; the widest swings at most ~9 % of the distance (capped) so the detour stays road-like. */
function roadWaves(random: Random, straightM: number): Wave[] {
  const scales = [
    { share: 0.09, cap: 25_000, cycles: [1, 2] },
    { share: 0.03, cap: 6_000, cycles: [3, 7] },
    { share: 0.012, cap: 1_500, cycles: [10, 30] },
  ];
  return scales.map(({ share, cap, cycles: [min = 1, max = 1] }) => ({
    amplitudeM: Math.min(cap, straightM * share) * uniform(random, 0.5, 1) * (random() < 0.5 ? -1 : 1),
    cycles: Math.floor(uniform(random, min, max + 1)),
    phase: uniform(random, 0, 2 * Math.PI),
  }));
}

/** The cities nearest to `city` (itself excluded): where a drive from there goes next. */
export function nearestCities(city: City, count: number, cities: readonly City[] = CITIES): City[] {
  return cities
    .filter((c) => c.name !== city.name)
    .sort((a, b) => haversine(city, a) - haversine(city, b))
    .slice(0, count);
}
