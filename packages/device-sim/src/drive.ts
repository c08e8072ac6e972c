import { buildRoute, CITIES, type City, nearestCities, positionAt, type Route } from './geo.js';
import { gaussian, pick, type Random, seededRandom, uniform } from './random.js';
import { planRoad, type RoadClass, type RoadPlan, type RoadSection, sectionIndexAt } from './roads.js';

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

/**
 * Something a dashcam would notice, as it happens: braking hard (the sample has the speed before braking), pulling
 * away hard (at the speed it passed 20 km/h), turning or crossing at a junction, speeding on a straight, or steady
 * driving at speed on a country road or motorway.
 */
export type DriveMomentKind = 'hardBraking' | 'hardAcceleration' | 'turn' | 'junction' | 'speeding' | 'cruising';

export interface DriveMoment {
  kind: DriveMomentKind;
  sample: DriveSample;
  /** The speed limit where it happened, km/h. */
  limitKmh: number;
  roadClass: RoadClass;
  /** Simulated seconds since the drive began. */
  atS: number;
}

export const MIN_CRUISE_KMH = 30;
/** The fastest a vehicle goes: the motorway's 110 plus a speeding driver's margin. */
export const MAX_KMH = 130;
export const DBM_RANGE = { min: -110, max: -50 } as const;

/** Integration tick of simulated time: fixed, so step(1000)×10 and step(10000) give the same drive. */
const TICK_S = 0.5;
/** A hard pull-away (about 0.15 g, hard for a loaded truck); drivers normally pull away at 0.8–1.2 m/s². */
const HARD_ACCEL_MPS2 = 1.5;
const MAX_DECEL_MPS2 = 4;
/** Braking at this or more is harsh: what a DVR's accelerometer flags. */
const HARSH_DECEL_MPS2 = 3;
/** How a late braker brakes for a junction: harsh, within what the vehicle can. */
const LATE_DECEL_MPS2 = 3.2;
/** Planned braking for a lower limit, a stop or the depot, gentler than the vehicle can. */
const COMFORT_DECEL_MPS2 = 1.3;
/** Lower limits and junctions within this distance are planned for. */
const LOOK_AHEAD_M = 400;
const LIMIT_LOOK_AHEAD_M = 1_500;
/** A hard start or hard braking below this speed is not worth an incident. */
const MOMENT_MIN_KMH = 20;
/** Speed wander around the driver's usual speed: an Ornstein–Uhlenbeck process, not a flat line. */
const WANDER = { sigmaKmh: 2.5, tauS: 30, maxKmh: 5 } as const;
/** Mean driving time outside towns between urges to speed, acted on only on a straight; and how far over the limit. */
const MEAN_DRIVING_BEFORE_SPEEDING_S = 600;
const SPEEDING_OVER_KMH = { min: 10, max: 20 } as const;
/** Speeding this far over the limit is what a DVR reports. */
const OVER_SPEED_MARGIN_KMH = 6;
/** Mean driving time outside towns before the traffic ahead stops or crawls. */
const MEAN_DRIVING_BETWEEN_QUEUES_S = 2_400;
/** Steady driving at speed is reported this often at most (fatigue, distraction happen then). */
const CRUISING_MOMENT_EVERY_S = 20;
const CRUISING_MOMENT_MIN_KMH = 60;
/** Depot stop between trips: loading, a break. */
const DEPOT_STOP_S = { min: 180, max: 720 } as const;
/** Destinations are picked among this many nearest cities, as a driver would. */
const NEXT_CITY_CHOICES = 4;

const kmh = (mps: number) => mps * 3.6;
const mps = (kmhValue: number) => kmhValue / 3.6;

/** What lies ahead that the driver slows for: a junction's decision, or a queue. */
interface Obstacle {
  atM: number;
  /** Speed to pass it at; 0 stops there for `holdS`. */
  targetMps: number;
  holdS: number;
  /** A late braker brakes hard for it. */
  late: boolean;
  kind: 'junction' | 'turn' | 'queue';
}

/** How this driver drives: the same for the whole drive. */
interface Driver {
  /** Share of the limit over or under which they usually drive. */
  bias: number;
  accelMps2: number;
  /** Share of stops and turns braked for late and hard. */
  lateShare: number;
  /** Share of pull-aways done hard. */
  hardStartShare: number;
}

/**
 * A vehicle going city to city on generated roads, advanced by `step(dtMs)` rather than by the wall clock: town
 * streets with lights and junctions, country roads through villages, the motorway between cities far apart, queues
 * now and then, speeding on straights, and a depot stop of minutes between trips.
 */
export class Drive {
  readonly speedFactor: number;
  private readonly random: Random;
  private readonly cities: readonly City[];
  private readonly mapSeed: number;
  private readonly driver: Driver;
  private readonly listeners = new Set<(moment: DriveMoment) => void>();
  private currentRoute: Route;
  private plan: RoadPlan;
  private sectionIndex = 0;
  private junctionIndex = 0;
  private ahead: Obstacle | undefined;
  private distanceM = 0;
  private speedMps = 0;
  private holdS: number;
  private currentPhase: DrivePhase = 'stopped';
  private headingDeg: number;
  private signalDbm: number;
  private wanderKmh = 0;
  private speeding: { untilS: number; overKmh: number; endM: number; reported: boolean } | undefined;
  private crawl: { untilS: number; mps: number } | undefined;
  private pullAway: { hard: boolean; reported: boolean } | undefined;
  private brakingHard = false;
  private nextCruisingMomentS = 0;
  private elapsedS = 0;
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
    this.plan = planRoad(this.currentRoute, this.mapSeed);
    this.headingDeg = positionAt(this.currentRoute, 0).heading;
    this.signalDbm = Math.round(uniform(this.random, -95, -60));
    // Start parked for a moment, like an engine just switched on; vehicles of a fleet thus set off at different times.
    this.holdS = uniform(this.random, 0, 30);
    this.driver = {
      bias: uniform(this.random, -0.08, 0.02),
      accelMps2: uniform(this.random, 0.8, 1.2),
      lateShare: uniform(this.random, 0.05, 0.25),
      hardStartShare: uniform(this.random, 0.15, 0.4),
    };
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
    return this.sampleAt(this.speedMps);
  }

  private sampleAt(speedMps: number): DriveSample {
    const at = positionAt(this.currentRoute, this.distanceM);
    return {
      lat: Math.round(at.lat * 1e6) / 1e6,
      lng: Math.round(at.lng * 1e6) / 1e6,
      speed: Math.round(kmh(speedMps) * 10) / 10,
      heading: this.headingDeg,
      dbm: Math.round(this.signalDbm),
    };
  }

  /** Calls `listener` with each moment as the drive steps through it; returns the way to stop. */
  onMoment(listener: (moment: DriveMoment) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Moves the vehicle to a seeded spot along its current trip, at the speed of the road there: a demo fleet is then
   * already spread over town streets, country roads and motorways when someone first looks.
   */
  placeUnderWay(): void {
    this.distanceM = uniform(this.random, 0, this.currentRoute.lengthM * 0.95);
    this.sectionIndex = sectionIndexAt(this.plan.sections, this.distanceM);
    this.junctionIndex = this.plan.junctions.findIndex((j) => j.atM > this.distanceM);
    if (this.junctionIndex < 0) this.junctionIndex = this.plan.junctions.length;
    this.ahead = undefined;
    this.currentPhase = 'cruising';
    this.holdS = 0;
    this.speedMps = this.wantedMps();
    this.headingDeg = positionAt(this.currentRoute, this.distanceM).heading;
  }

  get phase(): DrivePhase {
    return this.currentPhase;
  }

  get route(): Route {
    return this.currentRoute;
  }

  /** The roads of the current route. */
  get roads(): RoadPlan {
    return this.plan;
  }

  /** The section of road the vehicle is on. */
  get road(): RoadSection {
    const section = this.plan.sections[this.sectionIndex];
    if (!section) throw new Error('route without roads');
    return section;
  }

  /** Metres driven along the current route. */
  get progressM(): number {
    return this.distanceM;
  }

  /** Metres driven since the start. */
  get odometerM(): number {
    return this.odometer;
  }

  /** Simulated seconds since the start. */
  get simulatedS(): number {
    return this.elapsedS;
  }

  private tick(dt: number): void {
    this.elapsedS += dt;
    this.walkSignal(dt);
    this.walkWander(dt);
    if (this.currentPhase === 'stopped' || this.currentPhase === 'arrived') {
      this.holdS -= dt;
      if (this.holdS > 0) return;
      if (this.currentPhase === 'arrived' && this.distanceM >= this.currentRoute.lengthM) this.startNextRoute();
      this.currentPhase = 'cruising';
      this.pullAway = { hard: this.random() < this.driver.hardStartShare, reported: false };
    }
    while (this.road.endM <= this.distanceM && this.sectionIndex < this.plan.sections.length - 1) this.sectionIndex++;
    this.lookAhead(dt);
    this.maybeSpeed(dt);

    const wanted = this.wantedMps();
    const before = this.speedMps;
    if (before < wanted) {
      const accel = this.pullAway?.hard ? HARD_ACCEL_MPS2 : this.driver.accelMps2;
      // Heavier going at speed: a truck gains speed slower on the motorway than in town.
      this.speedMps = Math.min(wanted, before + accel * (1 - 0.5 * (before / mps(MAX_KMH))) * dt);
    } else {
      this.speedMps = Math.max(wanted, before - MAX_DECEL_MPS2 * dt);
    }
    const stopAtM = this.ahead?.targetMps === 0 ? this.ahead.atM : this.currentRoute.lengthM;
    this.currentPhase = this.ahead?.targetMps === 0 && wanted < mps(this.desiredKmh()) ? 'stopping' : 'cruising';
    this.noticeMoments(before, dt);

    const movedM = Math.min(this.speedMps * dt, Math.max(0, stopAtM - this.distanceM));
    this.distanceM += movedM;
    this.odometer += movedM;
    if (movedM > 0) this.headingDeg = positionAt(this.currentRoute, this.distanceM).heading;

    // The braking curve only nears a stop: the last few centimetres are a stop.
    if (stopAtM - this.distanceM < 0.2) this.distanceM = Math.max(this.distanceM, stopAtM);
    if (this.distanceM >= this.currentRoute.lengthM) this.arrive();
    else if (this.ahead && this.distanceM >= this.ahead.atM) this.reach(this.ahead);
  }

  /** The speed the driver wants now: their usual speed on this road, held down for what lies ahead. */
  private wantedMps(): number {
    if (this.currentPhase === 'stopped' || this.currentPhase === 'arrived') return 0;
    let wanted = mps(this.desiredKmh());
    if (this.crawl) wanted = Math.min(wanted, this.crawl.mps);
    const { sections } = this.plan;
    for (let i = this.sectionIndex + 1; i < sections.length; i++) {
      const next = sections[i];
      if (!next || next.startM - this.distanceM > LIMIT_LOOK_AHEAD_M) break;
      wanted = Math.min(wanted, brakingCurve(mps(this.usualKmh(next.limitKmh)), next.startM - this.distanceM, COMFORT_DECEL_MPS2));
    }
    if (this.ahead) {
      const decel = this.ahead.late ? LATE_DECEL_MPS2 : COMFORT_DECEL_MPS2;
      wanted = Math.min(wanted, brakingCurve(this.ahead.targetMps, this.ahead.atM - this.distanceM, decel));
    }
    return Math.min(wanted, brakingCurve(0, this.currentRoute.lengthM - this.distanceM, COMFORT_DECEL_MPS2));
  }

  private usualKmh(limitKmh: number): number {
    return limitKmh * (1 + this.driver.bias);
  }

  /** Usual speed on this road with its wander; in a speeding spell, that far over the limit instead. */
  private desiredKmh(): number {
    const { limitKmh } = this.road;
    const base = this.speeding ? limitKmh + this.speeding.overKmh : this.usualKmh(limitKmh);
    return Math.min(MAX_KMH, base + this.wanderKmh);
  }

  /** Decides on the next junction once it is in sight, and now and then meets a queue outside towns. */
  private lookAhead(dt: number): void {
    if (this.crawl && this.elapsedS >= this.crawl.untilS) this.crawl = undefined;
    if (this.ahead) return;
    // Passed without a decision only if placed just beyond it.
    while ((this.plan.junctions[this.junctionIndex]?.atM ?? Number.POSITIVE_INFINITY) <= this.distanceM) this.junctionIndex++;
    const junction = this.plan.junctions[this.junctionIndex];
    if (junction && junction.atM - this.distanceM <= LOOK_AHEAD_M) {
      this.ahead = this.decideJunction(junction.atM, junction.kind);
      return;
    }
    if (this.road.roadClass !== 'town' && !this.crawl && this.speedMps > mps(50) && this.random() < dt / MEAN_DRIVING_BETWEEN_QUEUES_S) {
      // Far enough ahead to stop without more than harsh braking; an inattentive driver sees it late.
      const atM = this.distanceM + Math.max(uniform(this.random, 80, 400), this.speedMps ** 2 / (2 * HARSH_DECEL_MPS2) + 20);
      const stops = this.random() < 0.6;
      const queue: Obstacle = {
        atM,
        targetMps: stops ? 0 : mps(uniform(this.random, 10, 40)),
        holdS: stops ? uniform(this.random, 10, 90) : uniform(this.random, 30, 180),
        late: this.random() < this.driver.lateShare,
        kind: 'queue',
      };
      // Not in a village or at the end: the junction or the depot comes first there.
      const clear = Math.min(junction?.atM ?? Number.POSITIVE_INFINITY, this.currentRoute.lengthM) - LOOK_AHEAD_M;
      if (atM < clear) this.ahead = queue;
    }
  }

  /** Red or green, turning or not: lights stop a vehicle about half the time, a junction about a third. */
  private decideJunction(atM: number, kind: 'lights' | 'junction'): Obstacle {
    const r = this.random();
    const stops = kind === 'lights' ? r < 0.45 : r < 0.35;
    const turns = this.random() < 0.35;
    const late = this.random() < this.driver.lateShare;
    const holdS = kind === 'lights' ? uniform(this.random, 15, 60) : uniform(this.random, 2, 10);
    const passKmh = turns ? uniform(this.random, 15, 35) : uniform(this.random, 25, 50);
    // A light that turns red too close to stop at is driven through on amber.
    const canStop = this.speedMps ** 2 / (2 * Math.max(1, atM - this.distanceM)) < HARSH_DECEL_MPS2;
    return {
      atM,
      targetMps: stops && canStop ? 0 : mps(passKmh),
      holdS,
      late,
      kind: turns ? 'turn' : 'junction',
    };
  }

  /** At the obstacle: stop there, crawl in the queue, or cross the junction. */
  private reach(obstacle: Obstacle): void {
    this.ahead = undefined;
    if (obstacle.kind !== 'queue') this.junctionIndex++;
    if (obstacle.targetMps === 0) {
      this.speedMps = 0;
      this.currentPhase = 'stopped';
      this.holdS = obstacle.holdS;
      this.speeding = undefined;
      return;
    }
    if (obstacle.kind === 'queue') {
      this.crawl = { untilS: this.elapsedS + obstacle.holdS, mps: obstacle.targetMps };
      return;
    }
    this.emit('junction');
    if (obstacle.kind === 'turn') this.emit('turn');
  }

  /** On a straight of a country road or motorway, a driver now and then goes well over the limit for a while. */
  private maybeSpeed(dt: number): void {
    if (this.speeding && (this.elapsedS >= this.speeding.untilS || this.distanceM >= this.speeding.endM || this.ahead)) {
      this.speeding = undefined;
    }
    if (this.speeding || this.ahead || this.crawl || this.road.roadClass === 'town') return;
    if (this.random() >= dt / MEAN_DRIVING_BEFORE_SPEEDING_S) return;
    const straight = this.plan.straights.find((s) => s.startM <= this.distanceM && this.distanceM < s.endM - 1_000);
    if (!straight) return;
    this.speeding = {
      untilS: this.elapsedS + uniform(this.random, 30, 120),
      overKmh: uniform(this.random, SPEEDING_OVER_KMH.min, SPEEDING_OVER_KMH.max),
      endM: Math.min(straight.endM, this.road.endM),
      reported: false,
    };
  }

  /** What a DVR would flag in this tick: hard braking, a hard start, speeding, steady driving at speed. */
  private noticeMoments(before: number, dt: number): void {
    const decel = (before - this.speedMps) / dt;
    if (decel >= HARSH_DECEL_MPS2 - 1e-9) {
      if (!this.brakingHard && kmh(before) >= MOMENT_MIN_KMH) this.emit('hardBraking', before);
      this.brakingHard = true;
    } else if (decel < 1) {
      this.brakingHard = false;
    }
    if (this.pullAway) {
      if (this.pullAway.hard && !this.pullAway.reported && kmh(this.speedMps) >= MOMENT_MIN_KMH) {
        this.pullAway.reported = true;
        this.emit('hardAcceleration');
      }
      if (this.speedMps >= 0.9 * mps(this.desiredKmh()) || this.speedMps < before) this.pullAway = undefined;
    }
    const limit = this.road.limitKmh;
    if (this.speeding && !this.speeding.reported && kmh(this.speedMps) > limit + OVER_SPEED_MARGIN_KMH) {
      this.speeding.reported = true;
      this.emit('speeding');
    }
    const steady = Math.abs(decel) < 0.3 && kmh(this.speedMps) >= CRUISING_MOMENT_MIN_KMH && this.road.roadClass !== 'town';
    if (steady && this.elapsedS >= this.nextCruisingMomentS) {
      this.nextCruisingMomentS = this.elapsedS + CRUISING_MOMENT_EVERY_S;
      this.emit('cruising');
    }
  }

  private emit(kind: DriveMomentKind, speedMps = this.speedMps): void {
    if (this.listeners.size === 0) return;
    const moment: DriveMoment = {
      kind,
      sample: this.sampleAt(speedMps),
      limitKmh: this.road.limitKmh,
      roadClass: this.road.roadClass,
      atS: this.elapsedS,
    };
    for (const listener of this.listeners) listener(moment);
  }

  private arrive(): void {
    this.distanceM = this.currentRoute.lengthM;
    this.speedMps = 0;
    this.currentPhase = 'arrived';
    this.ahead = undefined;
    this.speeding = undefined;
    this.crawl = undefined;
    this.holdS = uniform(this.random, DEPOT_STOP_S.min, DEPOT_STOP_S.max);
  }

  private startNextRoute(): void {
    this.currentRoute = this.routeFrom(this.currentRoute.to);
    this.plan = planRoad(this.currentRoute, this.mapSeed);
    this.distanceM = 0;
    this.sectionIndex = 0;
    this.junctionIndex = 0;
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

  /** The driver's speed drifts around their usual speed, pulled back to it, within a few km/h. */
  private walkWander(dt: number): void {
    const { sigmaKmh, tauS, maxKmh } = WANDER;
    const next = this.wanderKmh - (this.wanderKmh * dt) / tauS + sigmaKmh * Math.sqrt((2 * dt) / tauS) * gaussian(this.random);
    this.wanderKmh = Math.min(maxKmh, Math.max(-maxKmh, next));
  }
}

/**
 * The fastest speed at `distanceM` before a point to be passed at `targetMps`, braking at `decel`: solved for the
 * distance left after this tick (v² = target² + 2·decel·(d − v·tick)), so ticks of braking end there at the target.
 */
function brakingCurve(targetMps: number, distanceM: number, decel: number): number {
  const lead = decel * TICK_S;
  return -lead + Math.sqrt(lead ** 2 + targetMps ** 2 + 2 * decel * Math.max(0, distanceM));
}
