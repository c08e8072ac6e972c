import { bearing, type City, type Route } from './geo.js';
import { hashSeed, pick, type Random, seededRandom, uniform } from './random.js';

/** What kind of road a stretch of a route is: it sets the limit and whether there are junctions to stop at. */
export type RoadClass = 'town' | 'country' | 'motorway';

export interface RoadSection {
  startM: number;
  endM: number;
  roadClass: RoadClass;
  limitKmh: number;
}

/** Traffic lights (red now and then) or a junction to give way or turn at; only on town streets and in villages. */
export interface Junction {
  atM: number;
  kind: 'lights' | 'junction';
}

/** A stretch where the road hardly bends: where a driver is tempted to speed. */
export interface Straight {
  startM: number;
  endM: number;
}

/** The roads a route takes, in metres along it: ordered sections covering it, junctions and straights. */
export interface RoadPlan {
  sections: readonly RoadSection[];
  junctions: readonly Junction[];
  straights: readonly Straight[];
}

/** Between towns further apart than this (by road), the route takes the motorway. */
const MOTORWAY_MIN_M = 60_000;
const TOWN_RADIUS_M = { min: 2_500, max: 4_500 } as const;
const TOWN_LIMITS = [30, 50, 50] as const;
const COUNTRY_LIMITS = [70, 80, 80] as const;
const MOTORWAY_LIMITS = [90, 100, 110, 110] as const;
const VILLAGE_KMH = 50;
/** Every interior bend of a straight turns less than this… */
const STRAIGHT_MAX_TURN_DEG = 5;
/** …over at least this length. */
const STRAIGHT_MIN_M = 2_000;

/**
 * The roads of a route: town streets (30/50) around both cities with lights and junctions, country roads (70/80)
 * through villages (50), and the motorway (90–110) between cities far apart. Seeded by the pair of cities, so every
 * vehicle on a road meets the same limits and junctions, and the way back is the way there mirrored.
 */
export function planRoad(route: Route, mapSeed = 1): RoadPlan {
  const reversed = route.from.name > route.to.name;
  const [a, b] = reversed ? [route.to, route.from] : [route.from, route.to];
  const lengthM = route.lengthM;
  const random = seededRandom(hashSeed(mapSeed, 'roads', a.name, b.name));
  const townA = Math.min(townRadiusM(a, mapSeed), lengthM / 3);
  const townB = Math.min(townRadiusM(b, mapSeed), lengthM / 3);
  const layout = layoutRoad(random, lengthM, townA, townB);
  const { sections, junctions } = reversed ? mirror(layout, lengthM) : layout;
  return { sections, junctions, straights: findStraights(route, sections) };
}

/** The index of the section at `distanceM` (the last one starting at or before it). */
export function sectionIndexAt(sections: readonly RoadSection[], distanceM: number): number {
  let low = 0;
  let high = sections.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((sections[mid]?.startM ?? 0) <= distanceM) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** How far the town of a city reaches: the same on every route from it. */
function townRadiusM(city: City, mapSeed: number): number {
  return uniform(seededRandom(hashSeed(mapSeed, 'town', city.name)), TOWN_RADIUS_M.min, TOWN_RADIUS_M.max);
}

type Layout = Pick<RoadPlan, 'sections' | 'junctions'>;

function layoutRoad(random: Random, lengthM: number, townA: number, townB: number): Layout {
  const sections: RoadSection[] = [];
  const junctions: Junction[] = [];
  const chunks = (startM: number, endM: number, roadClass: RoadClass, minM: number, maxM: number, limits: readonly number[]) => {
    for (let at = startM; at < endM; ) {
      // A remainder shorter than a chunk joins the last one.
      const next = endM - at < 1.5 * minM ? endM : Math.min(endM, at + uniform(random, minM, maxM));
      sections.push({ startM: at, endM: next, roadClass, limitKmh: pick(random, limits) });
      at = next;
    }
  };
  const town = (startM: number, endM: number) => {
    chunks(startM, endM, 'town', 400, 1_200, TOWN_LIMITS);
    for (let at = startM + uniform(random, 150, 400); at < endM - 100; at += uniform(random, 250, 700)) {
      junctions.push({ atM: at, kind: random() < 0.4 ? 'lights' : 'junction' });
    }
  };
  const country = (startM: number, endM: number) => {
    let at = startM;
    // A village every 12–30 km, where the road is a street for a kilometre or so, with a junction in the middle.
    for (let village = at + uniform(random, 6_000, 20_000); village < endM - 4_000; village = at + uniform(random, 12_000, 30_000)) {
      const villageEnd = village + uniform(random, 600, 1_500);
      chunks(at, village, 'country', 2_000, 8_000, COUNTRY_LIMITS);
      sections.push({ startM: village, endM: villageEnd, roadClass: 'town', limitKmh: VILLAGE_KMH });
      junctions.push({ atM: (village + villageEnd) / 2, kind: random() < 0.2 ? 'lights' : 'junction' });
      at = villageEnd;
    }
    chunks(at, endM, 'country', 2_000, 8_000, COUNTRY_LIMITS);
  };

  town(0, townA);
  const middleM = lengthM - townA - townB;
  if (middleM >= MOTORWAY_MIN_M) {
    // Country roads from each town to the motorway, which runs the rest of the way without junctions.
    const onRamp = townA + uniform(random, 3_000, 8_000);
    const offRamp = lengthM - townB - uniform(random, 3_000, 8_000);
    country(townA, onRamp);
    chunks(onRamp, offRamp, 'motorway', 5_000, 30_000, MOTORWAY_LIMITS);
    country(offRamp, lengthM - townB);
  } else {
    country(townA, lengthM - townB);
  }
  town(lengthM - townB, lengthM);
  return { sections, junctions };
}

function mirror(layout: Layout, lengthM: number): Layout {
  return {
    sections: layout.sections
      .map((s) => ({ ...s, startM: lengthM - s.endM, endM: lengthM - s.startM }))
      .reverse()
      .map((s, i) => (i === 0 ? { ...s, startM: 0 } : s)),
    junctions: layout.junctions.map((j) => ({ ...j, atM: lengthM - j.atM })).reverse(),
  };
}

/** Runs of waypoints on country roads and motorways whose bends all stay under a few degrees, for two km or more. */
function findStraights(route: Route, sections: readonly RoadSection[]): Straight[] {
  const { points, cumulative } = route;
  const straights: Straight[] = [];
  let start = 0;
  const close = (end: number) => {
    const startM = cumulative[start] ?? 0;
    const endM = cumulative[end] ?? 0;
    if (endM - startM >= STRAIGHT_MIN_M) straights.push({ startM, endM });
  };
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    if (!a || !b || !c) break;
    const turn = Math.abs(((bearing(a, b) - bearing(b, c) + 540) % 360) - 180);
    const section = sections[sectionIndexAt(sections, cumulative[i] ?? 0)];
    if (turn >= STRAIGHT_MAX_TURN_DEG || section?.roadClass === 'town') {
      close(i);
      start = i;
    }
  }
  close(points.length - 1);
  return straights;
}
