import { type AlarmArea, canonicalJson } from '@safety-shield/contract';
import { haversine, type LatLng } from './geo.js';

/** A position the device sampled: where, how fast (km/h) and when (epoch ms), as a `gps` point says it. */
export interface PositionSample extends LatLng {
  speed: number;
  t: number;
}

/** What an alarm area raises (docs/device-protocol.md, `config`): each an incident of that type. */
export type GeofenceEventType = 'areaEnter' | 'areaLeave' | 'overSpeed';

export interface GeofenceEvent {
  type: GeofenceEventType;
  /** The area's place in the configuration's `alarmAreas`, and the area. */
  index: number;
  area: AlarmArea;
  /** The incident's description: `area <name>`, or `<speed> km/h in area <name> (limit <limit>)`. */
  description: string;
  /** The position that raised it: the incident's time, place and speed. */
  sample: PositionSample;
}

/** A longitude difference brought into −180..180, so a shape across the antimeridian stays in one piece. */
const wrapLng = (deltaDeg: number) => ((((deltaDeg + 180) % 360) + 360) % 360) - 180;

/**
 * Whether a point lies inside an alarm area: a circle by great-circle distance (on its edge counts as inside), a
 * polygon by ray casting on plain lat/lng, fine for the city-size areas a fleet draws. The polygon's longitudes are
 * taken relative to its first point, so one across the antimeridian works and a point on the far side of the Earth
 * is never inside.
 */
export function insideArea(area: Pick<AlarmArea, 'shape'>, point: LatLng): boolean {
  const { shape } = area;
  if (shape.type === 'circle') return haversine(shape.center, point) <= shape.radius;
  const [origin] = shape.points;
  if (!origin) return false;
  const x = wrapLng(point.lng - origin.lng);
  const { lat: y } = point;
  let inside = false;
  for (let i = 0, j = shape.points.length - 1; i < shape.points.length; j = i++) {
    const a = shape.points[i];
    const b = shape.points[j];
    if (!a || !b) continue;
    // The edge a–b straddles the point's latitude, and the horizontal ray eastwards from the point crosses it.
    if (a.lat > y === b.lat > y) continue;
    const ax = wrapLng(a.lng - origin.lng);
    const bx = wrapLng(b.lng - origin.lng);
    const crossX = ax + ((y - a.lat) / (b.lat - a.lat)) * (bx - ax);
    if (x < crossX) inside = !inside;
  }
  return inside;
}

const speedText = (kmh: number) => String(Math.round(kmh * 10) / 10);

/** One watched area: where the vehicle was at the last position (undefined: no position yet) and whether it sped. */
interface Watched {
  key: string;
  /** The area as configured, to tell a changed area from the same one. */
  text: string;
  index: number;
  area: AlarmArea;
  inside: boolean | undefined;
  /** Above the area's speed limit inside it: an overSpeed was raised for this spell (latched). */
  over: boolean;
}

/**
 * Watches a configuration's alarm areas over the positions the device samples and answers the events they raise:
 * `areaEnter` when the vehicle goes from outside an area with `onEnter` to inside it, `areaLeave` from inside one with
 * `onLeave` to outside it, and one `overSpeed` when, inside an area with a `speedLimit`, its speed goes above that
 * limit (entering above it counts); latched: no other until the speed is back at or below the limit, or the vehicle
 * left the area. The first position of an area (after it was configured, or after a restart) only records where the
 * vehicle is: no event without a transition.
 */
export class GeofenceWatch {
  private watched: Watched[] = [];

  constructor(areas: readonly AlarmArea[] = []) {
    this.setAreas(areas);
  }

  /** The areas watched now. */
  get areas(): readonly AlarmArea[] {
    return this.watched.map((watched) => watched.area);
  }

  /**
   * A new configuration's areas, each known by its index and name: an area that is the same as before (same place in
   * the list, same name and settings) keeps what the watch knew of it; a new or changed one starts over (its next
   * position only records where the vehicle is).
   */
  setAreas(areas: readonly AlarmArea[]): void {
    const before = new Map(this.watched.map((watched) => [watched.key, watched]));
    this.watched = areas.map((area, index) => {
      const key = `${index}:${area.name}`;
      const text = canonicalJson(area);
      const known = before.get(key);
      if (known && known.text === text) return known;
      return { key, text, index, area: structuredClone(area), inside: undefined, over: false };
    });
  }

  /** Takes a new position: the events it raises, in the areas' order (entering before speeding). */
  update(sample: PositionSample): GeofenceEvent[] {
    const events: GeofenceEvent[] = [];
    for (const watched of this.watched) {
      const { area, index } = watched;
      const inside = insideArea(area, sample);
      const limit = area.speedLimit ?? undefined;
      const over = inside && limit !== undefined && sample.speed > limit;
      const first = watched.inside === undefined;
      const was = { inside: watched.inside, over: watched.over };
      watched.inside = inside;
      watched.over = over;
      if (first) continue;
      const event = (type: GeofenceEventType, description = `area ${area.name}`) =>
        events.push({ type, index, area, description, sample: { ...sample } });
      if (inside && !was.inside && area.onEnter) event('areaEnter');
      if (!inside && was.inside && area.onLeave) event('areaLeave');
      if (over && !was.over) event('overSpeed', `${speedText(sample.speed)} km/h in area ${area.name} (limit ${limit})`);
    }
    return events;
  }
}
