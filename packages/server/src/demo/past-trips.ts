import { instantOf, wallClock } from '@safety-shield/contract';
import {
  buildRoute,
  CITIES,
  type City,
  DBM_RANGE,
  nearestCities,
  planRoad,
  positionAt,
  type Random,
  type RoadPlan,
  type Route,
  sectionIndexAt,
  uniform,
} from '@safety-shield/device-sim';

/**
 * The demo's past trips (issue 28): each vehicle leaves its depot (the city its live drive starts from) on working
 * days, drives loops to the nearest cities and back on the simulator's roads at the roads' pace, and reports a
 * position every POINT_EVERY_MS while the ignition is on. Pure: the same vehicles, `now` and random give the same trail.
 */

/** One position a minute while driving: what many trackers keep, and few enough rows for a first start in seconds. */
export const POINT_EVERY_MS = 60_000;
/** The working days' clock is the depots' (every demo city keeps Central European time). */
export const DEPOT_ZONE = 'Europe/Oslo';
/** A shift ends its last loop by this many hours after it began. */
const SHIFT_HOURS = 8.5;
/** Loading and breaks at each end of a leg; the ignition is off, so the device is offline. */
const STOP_MIN = { min: 15, max: 50 } as const;
/** The history ends this long before the live drive takes over (or before now). */
const GAP_BEFORE_LIVE_MS = 30 * 60_000;
/** Which share of vehicles works on a weekday, a Saturday and a Sunday. */
const WORKS = [0.04, 0.95, 0.95, 0.95, 0.95, 0.95, 0.35] as const;

/** A vehicle of the demo, with where its live drive is when the portal starts. */
export interface PastVehicle {
  deviceId: number;
  vehicleId: number;
  uuid: string;
  /** The live drive's first route and how far along it the vehicle is at `now` (0: still at the depot). */
  live: { route: Route; progressM: number };
}

/** The trail as columns, ready for one INSERT from unnest arrays (the gateway writes it the same way). */
export interface TrailColumns {
  device: number[];
  t: number[];
  vehicle: number[];
  lat: number[];
  lng: number[];
  speed: number[];
  heading: number[];
  dbm: number[];
  /** The road's limit at each position, km/h (not stored: the incidents' speeds follow it). */
  limit: number[];
}

/** A leg driven: its device and vehicle and its positions, [from, to) in the columns. */
export interface Leg {
  deviceId: number;
  vehicleId: number;
  from: number;
  to: number;
  meters: number;
}

export interface PastTrail {
  points: TrailColumns;
  /** Connections that ended: one per leg (the device sleeps when the ignition goes off at each stop). */
  sessions: { deviceId: number; start: number; end: number }[];
  legs: Leg[];
}

const routes = new Map<string, { route: Route; plan: RoadPlan }>();

/** The simulator's road between two cities (the live drives take the same ones), built once. */
function road(from: City, to: City) {
  const key = `${from.name}>${to.name}`;
  let found = routes.get(key);
  if (!found) {
    const route = buildRoute(from, to);
    found = { route, plan: planRoad(route) };
    routes.set(key, found);
  }
  return found;
}

/** How fast a driver goes on a road class, as a share of the limit: towns have lights and junctions. */
function paceShare(random: Random, roadClass: string): number {
  if (roadClass === 'town') return uniform(random, 0.45, 0.85);
  if (roadClass === 'country') return uniform(random, 0.85, 1.0);
  return uniform(random, 0.92, 1.03);
}

/** Seconds a leg takes at the usual pace, roughly: plans a day without driving it. */
const roughSeconds = (route: Route) => route.lengthM / (62 / 3.6);

/** Writes one vehicle's legs into the fleet's trail. */
class TrailWriter {
  private readonly points: TrailColumns;
  private readonly sessions: PastTrail['sessions'];
  private readonly legs: Leg[];
  private dbm = -75;

  constructor(
    private readonly random: Random,
    out: PastTrail,
  ) {
    this.points = out.points;
    this.sessions = out.sessions;
    this.legs = out.legs;
  }

  /** Drives `route` from its start to `untilM`, leaving at `start`; answers the arrival time. */
  drive(vehicle: PastVehicle, route: Route, plan: RoadPlan, start: number, untilM = route.lengthM): number {
    const { random } = this;
    const first = this.points.t.length;
    let at = start;
    let distance = 0;
    let meters = 0;
    let previous = positionAt(route, 0);
    this.add(vehicle, at, previous, 0, plan.sections[0]?.limitKmh ?? 50);
    while (distance < untilM) {
      const section = plan.sections[sectionIndexAt(plan.sections, distance)];
      const limit = section?.limitKmh ?? 50;
      const kmh = Math.min(125, limit * paceShare(random, section?.roadClass ?? 'town'));
      distance = Math.min(untilM, distance + (kmh / 3.6) * (POINT_EVERY_MS / 1000));
      at += POINT_EVERY_MS;
      const here = positionAt(route, distance);
      meters += Math.hypot((here.lat - previous.lat) * 111_195, (here.lng - previous.lng) * 111_195 * Math.cos((here.lat * Math.PI) / 180));
      previous = here;
      // The last position of a leg ended at the depot is standing; one cut short (the live drive's) is moving.
      const arrived = distance >= route.lengthM;
      this.add(vehicle, at, here, arrived ? 0 : Math.round(kmh * 10) / 10, limit);
    }
    this.sessions.push({ deviceId: vehicle.deviceId, start: start - 30_000, end: at + 60_000 });
    this.legs.push({ deviceId: vehicle.deviceId, vehicleId: vehicle.vehicleId, from: first, to: this.points.t.length, meters });
    return at;
  }

  /** Moves the last leg by `shift` ms (the live leg, driven from 0, then placed to end before now); its session ends by `latest`. */
  shiftLast(shift: number, latest: number) {
    const leg = this.legs.at(-1);
    const session = this.sessions.at(-1);
    if (!leg || !session) return;
    for (let i = leg.from; i < leg.to; i++) this.points.t[i] = (this.points.t[i] ?? 0) + shift;
    session.start += shift;
    session.end = Math.min(session.end + shift, latest);
  }

  private add(vehicle: PastVehicle, at: number, where: { lat: number; lng: number; heading: number }, speed: number, limit: number) {
    const p = this.points;
    this.dbm = Math.max(DBM_RANGE.min, Math.min(DBM_RANGE.max, this.dbm + uniform(this.random, -4, 4)));
    p.device.push(vehicle.deviceId);
    p.t.push(at);
    p.vehicle.push(vehicle.vehicleId);
    p.lat.push(Math.round(where.lat * 1e6) / 1e6);
    p.lng.push(Math.round(where.lng * 1e6) / 1e6);
    p.speed.push(speed);
    p.heading.push(where.heading);
    p.dbm.push(Math.round(this.dbm));
    p.limit.push(limit);
  }
}

/** The local date `days` after today's in the depots' zone, as instantOf takes it. */
function dayAt(now: number, days: number, hour: number, minute: number): number {
  const today = wallClock(DEPOT_ZONE, now);
  return instantOf(DEPOT_ZONE, { year: today.year, month: today.month, day: today.day + days, hour, minute });
}

/**
 * Every vehicle's past: working days from `days` ago up to today, loops from its depot while the shift and the cut-off
 * (half an hour before its live drive set off) allow, then the live drive's first leg as far as it has come by `now`.
 */
export function pastTrips(vehicles: readonly PastVehicle[], now: number, days: number, randomOf: (uuid: string) => Random): PastTrail {
  const out: PastTrail = {
    points: { device: [], t: [], vehicle: [], lat: [], lng: [], speed: [], heading: [], dbm: [], limit: [] },
    sessions: [],
    legs: [],
  };
  for (const vehicle of vehicles) {
    const random = randomOf(vehicle.uuid);
    const writer = new TrailWriter(random, out);
    const home = vehicle.live.route.from;
    const { route: liveRoute, progressM } = vehicle.live;
    let cutoff = now - GAP_BEFORE_LIVE_MS;
    if (progressM > 0) {
      // The live leg, driven at the past's pace up to where the live drive is placed, ending just before now.
      const { route, plan } = road(liveRoute.from, liveRoute.to);
      const arrived = writer.drive(vehicle, route, plan, 0, progressM);
      const shift = now - 1_000 - arrived;
      writer.shiftLast(shift, now);
      cutoff = shift - GAP_BEFORE_LIVE_MS;
    }
    const choices = nearestCities(home, 4, CITIES);
    for (let day = -days; day <= 0; day++) {
      const weekday = new Date(dayAt(now, day, 12, 0)).getUTCDay();
      if (random() >= (WORKS[weekday] ?? 0)) continue;
      const shiftStart = dayAt(now, day, 5, 30) + Math.round(uniform(random, 0, 150)) * 60_000;
      const shiftEnd = shiftStart + SHIFT_HOURS * 3_600_000;
      let at = shiftStart;
      for (;;) {
        // Nearer cities more often: the product of two draws leans to the first choices.
        const to = choices[Math.floor(random() * random() * choices.length)] ?? choices[0];
        if (!to) break;
        const there = road(home, to);
        const back = road(to, home);
        const stop = uniform(random, STOP_MIN.min, STOP_MIN.max) * 60_000;
        const loopEnd = at + (roughSeconds(there.route) + roughSeconds(back.route)) * 1000 * 1.1 + stop;
        if (loopEnd > Math.min(shiftEnd, cutoff)) break;
        at = writer.drive(vehicle, there.route, there.plan, at) + stop;
        at = writer.drive(vehicle, back.route, back.plan, at) + uniform(random, STOP_MIN.min, STOP_MIN.max) * 60_000;
      }
    }
  }
  return out;
}
