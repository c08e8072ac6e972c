import { describe, expect, it } from 'vitest';
import { bearing, buildRoute, CITIES, type City, destinationPoint, haversine, nearestCities, positionAt, toRoute } from '../src/geo.js';

const city = (name: string): City => {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`no city ${name}`);
  return found;
};

/** Signed distance of p from the great circle through a and b. */
function crossTrackM(a: City, b: City, p: { lat: number; lng: number }): number {
  const r = 6_371_008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const exactBearing = (x: { lat: number; lng: number }, y: { lat: number; lng: number }) =>
    Math.atan2(
      Math.sin(rad(y.lng - x.lng)) * Math.cos(rad(y.lat)),
      Math.cos(rad(x.lat)) * Math.sin(rad(y.lat)) - Math.sin(rad(x.lat)) * Math.cos(rad(y.lat)) * Math.cos(rad(y.lng - x.lng)),
    );
  return Math.asin(Math.sin(haversine(a, p) / r) * Math.sin(exactBearing(a, p) - exactBearing(a, b))) * r;
}

describe('haversine', () => {
  it('matches known great-circle distances between the cities within 1 %', () => {
    // Published great-circle distances, km.
    const known: Array<[string, string, number]> = [
      ['Oslo', 'Stockholm', 416],
      ['Stockholm', 'Uppsala', 64],
      ['Oslo', 'Drammen', 36],
      ['Gothenburg', 'Stockholm', 397],
      ['Oslo', 'Gothenburg', 255],
    ];
    for (const [a, b, km] of known) expect(Math.abs(haversine(city(a), city(b)) / 1000 - km) / km).toBeLessThan(0.01);
  });

  it('is one degree of latitude ≈ 111.2 km and zero for the same point', () => {
    expect(haversine({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    expect(haversine(city('Oslo'), city('Oslo'))).toBe(0);
  });
});

describe('bearing', () => {
  it('gives the compass directions as whole degrees 0..359', () => {
    const origin = { lat: 0, lng: 0 };
    expect(bearing(origin, { lat: 1, lng: 0 })).toBe(0);
    expect(bearing(origin, { lat: 0, lng: 1 })).toBe(90);
    expect(bearing(origin, { lat: -1, lng: 0 })).toBe(180);
    expect(bearing(origin, { lat: 0, lng: -1 })).toBe(270);
    // Just west of north rounds to 0, never to 360.
    expect(bearing(origin, { lat: 1, lng: -0.001 })).toBe(0);
  });

  it('points from Oslo roughly east to Stockholm and south-south-east to Gothenburg', () => {
    expect(bearing(city('Oslo'), city('Stockholm'))).toBeGreaterThan(85);
    expect(bearing(city('Oslo'), city('Stockholm'))).toBeLessThan(105);
    expect(bearing(city('Oslo'), city('Gothenburg'))).toBeGreaterThan(150);
    expect(bearing(city('Oslo'), city('Gothenburg'))).toBeLessThan(175);
  });
});

describe('destinationPoint', () => {
  it('lands the given distance away on the given bearing', () => {
    const there = destinationPoint(city('Oslo'), 90, 10_000);
    expect(haversine(city('Oslo'), there)).toBeCloseTo(10_000, 0);
    expect(bearing(city('Oslo'), there)).toBe(90);
  });
});

describe('positionAt', () => {
  const route = toRoute(city('Oslo'), city('Drammen'), [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 1 },
    { lat: 1, lng: 1 },
  ]);

  it('interpolates by distance along the segments and reports the segment heading', () => {
    const firstLeg = route.cumulative[1] ?? 0;
    const mid = positionAt(route, firstLeg / 2);
    expect(mid.lat).toBeCloseTo(0, 6);
    expect(mid.lng).toBeCloseTo(0.5, 6);
    expect(mid.heading).toBe(90);
    const second = positionAt(route, firstLeg + (route.lengthM - firstLeg) / 4);
    expect(second.lng).toBeCloseTo(1, 6);
    expect(second.lat).toBeCloseTo(0.25, 6);
    expect(second.heading).toBe(0);
  });

  it('clamps before the start and past the end', () => {
    expect(positionAt(route, -5)).toMatchObject({ lat: 0, lng: 0 });
    expect(positionAt(route, route.lengthM + 1_000)).toMatchObject({ lat: 1, lng: 1 });
  });
});

describe('buildRoute', () => {
  it('starts and ends exactly at the cities for every pair', () => {
    for (const a of CITIES) {
      for (const b of CITIES) {
        if (a === b) continue;
        const route = buildRoute(a, b);
        expect(route.points[0]).toEqual({ lat: a.lat, lng: a.lng });
        expect(route.points.at(-1)).toEqual({ lat: b.lat, lng: b.lng });
      }
    }
  });

  it('bends like a road: longer than the straight line but no wild detour, never far off it', () => {
    for (const a of CITIES) {
      for (const b of CITIES) {
        if (a.name >= b.name) continue;
        const straight = haversine(a, b);
        const route = buildRoute(a, b);
        expect(route.lengthM / straight).toBeGreaterThan(1.002);
        expect(route.lengthM / straight).toBeLessThan(1.25);
        // The bends add up to at most 32.5 km sideways, and to at most ~13 % of the distance on short roads.
        const widest = Math.max(...route.points.map((p) => Math.abs(crossTrackM(a, b, p))));
        expect(widest).toBeLessThan(Math.min(33_000, 0.13 * straight) + 100);
        expect(widest).toBeGreaterThan(0.01 * straight);
      }
    }
  });

  it('has waypoints about a kilometre apart, not one straight segment', () => {
    const route = buildRoute(city('Oslo'), city('Stockholm'));
    expect(route.points.length).toBeGreaterThan(300);
    const headings = new Set(route.points.slice(1).map((p, i) => bearing(route.points[i] ?? p, p)));
    expect(headings.size).toBeGreaterThan(30);
  });

  it('is deterministic and the same road both ways', () => {
    const there = buildRoute(city('Oslo'), city('Karlstad'));
    expect(buildRoute(city('Oslo'), city('Karlstad'))).toEqual(there);
    const back = buildRoute(city('Karlstad'), city('Oslo'));
    expect([...back.points].reverse()).toEqual(there.points);
    expect(back.lengthM).toBeCloseTo(there.lengthM, 3);
  });

  it('makes another road with another map seed', () => {
    expect(buildRoute(city('Oslo'), city('Karlstad'), 2).points).not.toEqual(buildRoute(city('Oslo'), city('Karlstad'), 1).points);
  });
});

describe('nearestCities', () => {
  it('lists the nearest other cities first', () => {
    expect(nearestCities(city('Stockholm'), 2).map((c) => c.name)).toEqual(['Uppsala', 'Karlstad']);
    expect(nearestCities(city('Oslo'), 1).map((c) => c.name)).toEqual(['Drammen']);
  });
});
