import type { AlarmArea } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { destinationPoint, type LatLng } from '../src/geo.js';
import { GeofenceWatch, insideArea, type PositionSample } from '../src/geofence.js';

const OSLO: LatLng = { lat: 59.9139, lng: 10.7522 };
const DRAMMEN: LatLng = { lat: 59.7439, lng: 10.2045 };
/** The same latitude on the other side of the Earth. */
const farSide = (point: LatLng): LatLng => ({ lat: point.lat, lng: point.lng > 0 ? point.lng - 180 : point.lng + 180 });
const antipode = (point: LatLng): LatLng => ({ lat: -point.lat, lng: farSide(point).lng });

const circle = (center: LatLng, radius: number): AlarmArea['shape'] => ({ type: 'circle', center, radius });
const polygon = (...points: Array<[lat: number, lng: number]>): AlarmArea['shape'] => ({
  type: 'polygon',
  points: points.map(([lat, lng]) => ({ lat, lng })),
});
const area = (name: string, shape: AlarmArea['shape'], rules: Partial<AlarmArea> = {}): AlarmArea => ({
  name,
  shape,
  onEnter: true,
  onLeave: true,
  ...rules,
});

describe('insideArea', () => {
  it('takes a circle by great-circle distance from its centre', () => {
    const yard = { shape: circle(OSLO, 100) };
    for (const bearing of [0, 45, 90, 180, 270, 315]) {
      expect(insideArea(yard, destinationPoint(OSLO, bearing, 99)), `99 m at ${bearing}°`).toBe(true);
      expect(insideArea(yard, destinationPoint(OSLO, bearing, 101)), `101 m at ${bearing}°`).toBe(false);
    }
    expect(insideArea(yard, OSLO)).toBe(true);
    // Drammen lies 36 km from Oslo.
    expect(insideArea({ shape: circle(OSLO, 40_000) }, DRAMMEN)).toBe(true);
    expect(insideArea({ shape: circle(OSLO, 30_000) }, DRAMMEN)).toBe(false);
  });

  it('takes a polygon by ray casting, a concave one included', () => {
    // A square of about 1.1 × 0.55 km around the centre of Oslo.
    const square = { shape: polygon([59.909, 10.742], [59.909, 10.762], [59.919, 10.762], [59.919, 10.742]) };
    expect(insideArea(square, OSLO)).toBe(true);
    expect(insideArea(square, { lat: 59.92, lng: 10.75 })).toBe(false);
    expect(insideArea(square, { lat: 59.914, lng: 10.763 })).toBe(false);
    expect(insideArea(square, DRAMMEN)).toBe(false);

    // A U open to the north: two arms joined at the bottom; the notch between the arms is outside.
    const corners: Array<[number, number]> = [
      [59.9, 10.7],
      [59.9, 10.76],
      [59.93, 10.76],
      [59.93, 10.74],
      [59.91, 10.74],
      [59.91, 10.72],
      [59.93, 10.72],
      [59.93, 10.7],
    ];
    const u = { shape: polygon(...corners) };
    expect(insideArea(u, { lat: 59.92, lng: 10.71 }), 'west arm').toBe(true);
    expect(insideArea(u, { lat: 59.92, lng: 10.75 }), 'east arm').toBe(true);
    expect(insideArea(u, { lat: 59.905, lng: 10.73 }), 'bottom').toBe(true);
    expect(insideArea(u, { lat: 59.92, lng: 10.73 }), 'the notch').toBe(false);
    expect(insideArea(u, { lat: 59.929, lng: 10.73 }), 'the notch, at the top').toBe(false);
    expect(insideArea(u, { lat: 59.92, lng: 10.77 }), 'east of it').toBe(false);
    // The order of the points does not matter.
    const reversed = { shape: polygon(...[...corners].reverse()) };
    expect(insideArea(reversed, { lat: 59.92, lng: 10.71 })).toBe(true);
    expect(insideArea(reversed, { lat: 59.92, lng: 10.73 })).toBe(false);
  });

  it('never finds a point on the far side of the Earth inside', () => {
    const square = { shape: polygon([59.909, 10.742], [59.909, 10.762], [59.919, 10.762], [59.919, 10.742]) };
    expect(insideArea(square, farSide(OSLO))).toBe(false);
    expect(insideArea(square, antipode(OSLO))).toBe(false);
    expect(insideArea({ shape: circle(OSLO, 100_000) }, farSide(OSLO))).toBe(false);
    expect(insideArea({ shape: circle(OSLO, 100_000) }, antipode(OSLO))).toBe(false);

    // An area across the antimeridian (Taveuni, Fiji): whole, and its far side outside.
    const taveuni = { shape: polygon([-16.9, 179.8], [-16.9, -179.8], [-16.7, -179.8], [-16.7, 179.8]) };
    expect(insideArea(taveuni, { lat: -16.8, lng: 179.9 })).toBe(true);
    expect(insideArea(taveuni, { lat: -16.8, lng: -179.9 })).toBe(true);
    expect(insideArea(taveuni, { lat: -16.8, lng: 179.7 })).toBe(false);
    expect(insideArea(taveuni, { lat: -16.8, lng: 0 })).toBe(false);
    expect(insideArea(taveuni, { lat: -16.8, lng: -0.1 })).toBe(false);
  });
});

describe('GeofenceWatch', () => {
  let clock = 1_763_906_591_000;
  const at = (point: LatLng, speed = 40): PositionSample => {
    clock += 1_000;
    return { ...point, speed, t: clock };
  };
  /** A point `metres` east of Oslo's centre. */
  const east = (metres: number) => destinationPoint(OSLO, 90, metres);
  const types = (watch: GeofenceWatch, sample: PositionSample) => watch.update(sample).map((event) => event.type);

  it('raises areaLeave and areaEnter on a transition, nothing at the first position', () => {
    const watch = new GeofenceWatch([area('Depot yard', circle(OSLO, 40))]);
    expect(watch.update(at(east(10)))).toEqual([]);
    expect(watch.update(at(east(30)))).toEqual([]);
    const out = at(east(45), 52.5);
    expect(watch.update(out)).toEqual([{ type: 'areaLeave', index: 0, area: watch.areas[0], description: 'area Depot yard', sample: out }]);
    expect(watch.update(at(east(60)))).toEqual([]);
    const back = at(east(20));
    expect(watch.update(back)).toEqual([
      { type: 'areaEnter', index: 0, area: watch.areas[0], description: 'area Depot yard', sample: back },
    ]);

    // The first position outside: recorded, then entering raises areaEnter.
    const fresh = new GeofenceWatch([area('Depot yard', circle(OSLO, 40))]);
    expect(types(fresh, at(east(500)))).toEqual([]);
    expect(types(fresh, at(east(100)))).toEqual([]);
    expect(types(fresh, at(east(0)))).toEqual(['areaEnter']);
  });

  it('raises only what the area asks for', () => {
    const watch = new GeofenceWatch([
      area('Enter only', circle(OSLO, 40), { onLeave: false }),
      area('Leave only', circle(OSLO, 40), { onEnter: false }),
      area('Neither', circle(OSLO, 40), { onEnter: false, onLeave: false }),
    ]);
    expect(watch.update(at(east(0)))).toEqual([]);
    expect(watch.update(at(east(100))).map((event) => [event.type, event.area.name])).toEqual([['areaLeave', 'Leave only']]);
    expect(watch.update(at(east(0))).map((event) => [event.type, event.area.name])).toEqual([['areaEnter', 'Enter only']]);
  });

  it('raises one overSpeed above the speed limit inside, again only after slowing to it or leaving', () => {
    const watch = new GeofenceWatch([area('School', circle(OSLO, 500), { onEnter: false, onLeave: false, speedLimit: 30 })]);
    expect(types(watch, at(east(0), 25))).toEqual([]);
    const fast = at(east(10), 34.56);
    expect(watch.update(fast)).toEqual([
      { type: 'overSpeed', index: 0, area: watch.areas[0], description: '34.6 km/h in area School (limit 30)', sample: fast },
    ]);
    // Latched while it stays above the limit.
    expect(types(watch, at(east(20), 45))).toEqual([]);
    expect(types(watch, at(east(30), 31))).toEqual([]);
    // Down to the limit, then above it again: a new spell.
    expect(types(watch, at(east(40), 30))).toEqual([]);
    expect(types(watch, at(east(50), 30.1))).toEqual(['overSpeed']);
    // Leaving above the limit raises nothing (no limit outside); coming back above it is a new spell.
    expect(types(watch, at(east(600), 80))).toEqual([]);
    expect(types(watch, at(east(490), 80))).toEqual(['overSpeed']);
    expect(types(watch, at(east(480), 80))).toEqual([]);
  });

  it('raises areaEnter before overSpeed when the vehicle enters above the limit', () => {
    const watch = new GeofenceWatch([area('School', circle(OSLO, 500), { speedLimit: 30 })]);
    expect(types(watch, at(east(700), 50))).toEqual([]);
    expect(types(watch, at(east(450), 50))).toEqual(['areaEnter', 'overSpeed']);
    expect(types(watch, at(east(550), 50))).toEqual(['areaLeave']);
  });

  it('raises no overSpeed at the first position, even above the limit, nor in an area without a limit', () => {
    const watch = new GeofenceWatch([
      area('School', circle(OSLO, 500), { speedLimit: 30 }),
      area('No limit', circle(OSLO, 500), { speedLimit: null }),
    ]);
    expect(types(watch, at(east(0), 60))).toEqual([]);
    expect(types(watch, at(east(10), 70))).toEqual([]);
    expect(types(watch, at(east(20), 20))).toEqual([]);
    expect(watch.update(at(east(30), 70)).map((event) => [event.type, event.area.name])).toEqual([['overSpeed', 'School']]);
  });

  it('keeps what it knew of an unchanged area across configurations and starts a changed one over', () => {
    const yard = area('Depot yard', circle(OSLO, 40));
    const watch = new GeofenceWatch([yard]);
    expect(types(watch, at(east(0)))).toEqual([]);
    // The same area again (a new document that says the same): still known to be inside, so leaving raises.
    watch.setAreas([structuredClone(yard)]);
    expect(types(watch, at(east(100)))).toEqual(['areaLeave']);

    // A changed radius: its next position only records (inside now), the one after raises.
    watch.setAreas([{ ...yard, shape: circle(OSLO, 200) }]);
    expect(types(watch, at(east(100)))).toEqual([]);
    expect(types(watch, at(east(300)))).toEqual(['areaLeave']);

    // Renamed at the same place in the list, or moved to another place: a new area too.
    watch.setAreas([{ ...yard, name: 'Yard' }]);
    expect(types(watch, at(east(0)))).toEqual([]);
    watch.setAreas([area('Elsewhere', circle(DRAMMEN, 40)), { ...yard, name: 'Yard' }]);
    expect(types(watch, at(east(100)))).toEqual([]);
    expect(watch.update(at(east(0))).map((event) => [event.type, event.area.name, event.index])).toEqual([['areaEnter', 'Yard', 1]]);

    // No areas: nothing to raise.
    watch.setAreas([]);
    expect(types(watch, at(east(100)))).toEqual([]);
  });
});
