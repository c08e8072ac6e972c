import { describe, expect, it } from 'vitest';
import { buildRoute, CITIES, type City } from '../src/geo.js';
import { planRoad, type RoadClass, sectionIndexAt } from '../src/roads.js';

const city = (name: string): City => {
  const found = CITIES.find((c) => c.name === name);
  if (!found) throw new Error(name);
  return found;
};
const route = (from: string, to: string) => buildRoute(city(from), city(to));

const LIMITS: Record<RoadClass, number[]> = { town: [30, 50], country: [70, 80], motorway: [90, 100, 110] };

describe('road plan', () => {
  const long = route('Oslo', 'Gothenburg');
  const short = route('Oslo', 'Drammen');
  const longPlan = planRoad(long);
  const shortPlan = planRoad(short);

  it('covers the route with ordered sections, town streets at both ends', () => {
    for (const [r, plan] of [
      [long, longPlan],
      [short, shortPlan],
    ] as const) {
      expect(plan.sections[0]?.startM).toBe(0);
      expect(plan.sections.at(-1)?.endM).toBeCloseTo(r.lengthM, 3);
      for (let i = 1; i < plan.sections.length; i++) expect(plan.sections[i]?.startM).toBeCloseTo(plan.sections[i - 1]?.endM ?? -1, 6);
      expect(plan.sections[0]?.roadClass).toBe('town');
      expect(plan.sections.at(-1)?.roadClass).toBe('town');
      for (const s of plan.sections) expect(LIMITS[s.roadClass]).toContain(s.limitKmh);
    }
  });

  it('takes the motorway between cities far apart, country roads between near ones', () => {
    const share = (plan: typeof longPlan, roadClass: RoadClass) =>
      plan.sections.filter((s) => s.roadClass === roadClass).reduce((sum, s) => sum + s.endM - s.startM, 0) /
      (plan.sections.at(-1)?.endM ?? 1);
    expect(share(longPlan, 'motorway')).toBeGreaterThan(0.8);
    expect(share(shortPlan, 'motorway')).toBe(0);
    expect(share(shortPlan, 'country')).toBeGreaterThan(0.6);
  });

  it('has junctions only on town streets and in villages, straights only outside them', () => {
    for (const plan of [longPlan, shortPlan]) {
      expect(plan.junctions.length).toBeGreaterThan(6);
      for (const j of plan.junctions) expect(plan.sections[sectionIndexAt(plan.sections, j.atM)]?.roadClass).toBe('town');
      for (let i = 1; i < plan.junctions.length; i++) expect(plan.junctions[i]?.atM).toBeGreaterThan(plan.junctions[i - 1]?.atM ?? 0);
    }
    expect(longPlan.straights.length).toBeGreaterThan(5);
    for (const s of longPlan.straights) expect(s.endM - s.startM).toBeGreaterThanOrEqual(2_000);
  });

  it('is the same road both ways and for every vehicle', () => {
    const back = buildRoute(city('Gothenburg'), city('Oslo'));
    const backPlan = planRoad(back);
    for (const at of [100, 3_000, 50_000, 150_000, long.lengthM - 200]) {
      const there = longPlan.sections[sectionIndexAt(longPlan.sections, at)];
      const mirrored = backPlan.sections[sectionIndexAt(backPlan.sections, back.lengthM - at)];
      expect(mirrored?.limitKmh).toBe(there?.limitKmh);
    }
    expect(backPlan.junctions.map((j) => Math.round(back.lengthM - j.atM)).reverse()).toEqual(
      longPlan.junctions.map((j) => Math.round(j.atM)),
    );
    expect(planRoad(long)).toEqual(longPlan);
  });
});
