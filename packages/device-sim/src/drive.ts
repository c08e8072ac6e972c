import { buildRoute, CITIES, type City, nearestCities, positionAt, type Route } from './geo.js';
import { gaussian, pick, type Random, seededRandom, uniform } from './random.js';

export interface DriveOptions {
  /** Same seed, same sequence of steps: same drive. */
  seed?: number;
  /** Simulated time per real time: 10 drives ten times faster. */
  speedFactor?: number;
  /** Where the vehicle starts; a seeded pick of `cities` if absent. */
  startCity?: string;
  cities?: readonly City[];
  /** Seed of the road network shared by every vehicle. */
  mapSeed?: number;
}

/** What a GPS sample reports, in the units of the protocol's `gps` points. */
export interface DriveSample {
  lat: number;
  lng: number;
  /** km/h, one decimal. */
  speed: number;
  /** 0..359. */
  heading: number;
  /** Network signal strength, −110..−50. */
  dbm: number;
}

export type DrivePhase = 'cruising' | 'stopping' | 'stopped' | 'arrived';

export const MIN_CRUISE_KMH = 30;
export const MAX_KMH = 110;
export const DBM_RANGE = { min: -110, max: -50 } as const;

/** Integration tick of simulated time: fixed, so step(1000)×10 and step(10000) give the same drive. */
const TICK_S = 0.5;
const ACCEL_MPS2 = 1.5;
const DECEL_MPS2 = 3;
/** Planned braking for the destination, gentler than the car can, so the plan is always reachable. */
const PLANNED_DECEL_MPS2 = 2;
/** Inside this distance of a city the limit is urban. */
const URBAN_RADIUS_M = 2_500;
const URBAN_KMH = 50;
/** Mean driving time between stops at lights, junctions, queues. */
const MEAN_DRIVING_BETWEEN_STOPS_S = 600;
/** Destinations are picked among this many nearest cities, as a driver would. */
const NEXT_CITY_CHOICES = 4;

const kmh = (mps: number) => mps * 3.6;
const mps = (kmhValue: number) => kmhValue / 3.6;

/** A vehicle going city to city on generated roads, advanced by `step(dtMs)` rather than by the wall clock. */
export class Drive {
  readonly speedFactor: number;
  private readonly random: Random;
  private readonly cities: readonly City[];
  private readonly mapSeed: number;
  private currentRoute: Route;
  private distanceM = 0;
  private speedMps = 0;
  private targetKmh = URBAN_KMH;
  private nextTargetInS = 0;
  private holdS: number;
  private currentPhase: DrivePhase = 'stopped';
  private headingDeg: number;
  private signalDbm: number;
  private pendingS = 0;
  private odometer = 0;

  constructor(options: DriveOptions = {}) {
    this.speedFactor = options.speedFactor ?? 1;
    if (!(this.speedFactor > 0)) throw new Error('speedFactor must be positive');
    this.random = seededRandom(options.seed ?? 1);
    this.cities = options.cities ?? CITIES;
    this.mapSeed = options.mapSeed ?? 1;
    const start = this.cities.find((c) => c.name === options.startCity) ?? pick(this.random, this.cities);
    this.currentRoute = this.routeFrom(start);
    this.headingDeg = positionAt(this.currentRoute, 0).heading;
    this.signalDbm = Math.round(uniform(this.random, -95, -60));
    // Start parked for a moment, like an engine just switched on; vehicles of a fleet thus set off at different times.
    this.holdS = uniform(this.random, 0, 30);
  }

  /** Advance by `dtMs` of real time (times `speedFactor` of simulated time). */
  step(dtMs: number): void {
    this.pendingS += (Math.max(0, dtMs) / 1000) * this.speedFactor;
    while (this.pendingS >= TICK_S) {
      this.pendingS -= TICK_S;
      this.tick(TICK_S);
    }
  }

  sample(): DriveSample {
    const at = positionAt(this.currentRoute, this.distanceM);
    return {
      lat: Math.round(at.lat * 1e6) / 1e6,
      lng: Math.round(at.lng * 1e6) / 1e6,
      speed: Math.round(kmh(this.speedMps) * 10) / 10,
      heading: this.headingDeg,
      dbm: Math.round(this.signalDbm),
    };
  }

  get phase(): DrivePhase {
    return this.currentPhase;
  }

  get route(): Route {
    return this.currentRoute;
  }

  /** Metres driven along the current route. */
  get progressM(): number {
    return this.distanceM;
  }

  /** Metres driven since the start. */
  get odometerM(): number {
    return this.odometer;
  }

  private tick(dt: number): void {
    this.walkSignal(dt);
    if (this.currentPhase === 'stopped' || this.currentPhase === 'arrived') {
      this.holdS -= dt;
      if (this.holdS > 0) return;
      if (this.currentPhase === 'arrived' && this.distanceM >= this.currentRoute.lengthM) this.startNextRoute();
      this.currentPhase = 'cruising';
      this.nextTargetInS = 0;
    }
    if (this.currentPhase === 'cruising') this.maybeChangePlan(dt);

    const remainingM = this.currentRoute.lengthM - this.distanceM;
    let wantedMps = this.currentPhase === 'stopping' ? 0 : mps(this.speedLimitKmh());
    wantedMps = Math.min(wantedMps, Math.sqrt(2 * PLANNED_DECEL_MPS2 * remainingM));
    this.speedMps =
      this.speedMps < wantedMps
        ? Math.min(wantedMps, this.speedMps + ACCEL_MPS2 * dt)
        : Math.max(wantedMps, this.speedMps - DECEL_MPS2 * dt);

    const movedM = Math.min(this.speedMps * dt, remainingM);
    this.distanceM += movedM;
    this.odometer += movedM;
    if (movedM > 0) this.headingDeg = positionAt(this.currentRoute, this.distanceM).heading;

    if (this.distanceM >= this.currentRoute.lengthM) {
      this.arrive();
    } else if (this.currentPhase === 'stopping' && this.speedMps === 0) {
      this.currentPhase = 'stopped';
    }
  }

  /** Now and then a new cruising speed, or a stop at lights or in a queue. */
  private maybeChangePlan(dt: number): void {
    this.nextTargetInS -= dt;
    if (this.nextTargetInS <= 0) {
      this.targetKmh = uniform(this.random, MIN_CRUISE_KMH + 10, MAX_KMH);
      this.nextTargetInS = uniform(this.random, 20, 120);
    }
    const nearEnd = this.currentRoute.lengthM - this.distanceM < URBAN_RADIUS_M;
    if (!nearEnd && this.speedMps > 0 && this.random() < dt / MEAN_DRIVING_BETWEEN_STOPS_S) {
      this.currentPhase = 'stopping';
      this.holdS = uniform(this.random, 5, 60);
    }
  }

  /** The cruising target, held to urban speed near either city. */
  private speedLimitKmh(): number {
    const nearCity = this.distanceM < URBAN_RADIUS_M || this.currentRoute.lengthM - this.distanceM < URBAN_RADIUS_M;
    return nearCity ? Math.min(URBAN_KMH, this.targetKmh) : this.targetKmh;
  }

  private arrive(): void {
    this.distanceM = this.currentRoute.lengthM;
    this.speedMps = 0;
    this.currentPhase = 'arrived';
    this.holdS = uniform(this.random, 60, 300);
  }

  private startNextRoute(): void {
    this.currentRoute = this.routeFrom(this.currentRoute.to);
    this.distanceM = 0;
  }

  private routeFrom(city: City): Route {
    const to = pick(this.random, nearestCities(city, NEXT_CITY_CHOICES, this.cities));
    return buildRoute(city, to, this.mapSeed);
  }

  /** A random walk pulled gently back towards a typical −75 dBm, kept within the simulated range. */
  private walkSignal(dt: number): void {
    const next = this.signalDbm + gaussian(this.random) * 1.2 * Math.sqrt(dt) + 0.01 * (-75 - this.signalDbm) * dt;
    this.signalDbm = Math.min(DBM_RANGE.max, Math.max(DBM_RANGE.min, next));
  }
}
