import { describe, expect, it } from 'vitest';
import { DBM_RANGE, Drive, type DriveMoment, type DrivePhase, type DriveSample, MAX_KMH, MIN_CRUISE_KMH } from '../src/drive.js';
import { haversine } from '../src/geo.js';
import type { RoadClass } from '../src/roads.js';

/** Runs a drive for `seconds` of simulated time at one sample a second. */
function record(drive: Drive, seconds: number): Array<DriveSample & { phase: DrivePhase; from: string; to: string }> {
  const samples = [];
  for (let i = 0; i < seconds; i++) {
    drive.step(1_000);
    samples.push({ ...drive.sample(), phase: drive.phase, from: drive.route.from.name, to: drive.route.to.name });
  }
  return samples;
}

const SIX_HOURS = 6 * 3600;

describe('Drive', () => {
  const samples = record(new Drive({ seed: 7 }), SIX_HOURS);

  it('keeps speed within 0–MAX_KMH, cruising mostly at 30 km/h or more', () => {
    expect(Math.min(...samples.map((s) => s.speed))).toBe(0);
    expect(Math.max(...samples.map((s) => s.speed))).toBeLessThanOrEqual(MAX_KMH);
    expect(Math.max(...samples.map((s) => s.speed))).toBeGreaterThan(90);
    const cruising = samples.filter((s) => s.phase === 'cruising');
    expect(cruising.filter((s) => s.speed >= MIN_CRUISE_KMH).length / cruising.length).toBeGreaterThan(0.9);
  });

  it('accelerates and brakes like a car: at most 5.5 km/h and 15 km/h (≈4 m/s², firm braking) per second', () => {
    for (let i = 1; i < samples.length; i++) {
      const change = (samples[i]?.speed ?? 0) - (samples[i - 1]?.speed ?? 0);
      expect(change).toBeLessThanOrEqual(5.5);
      expect(change).toBeGreaterThanOrEqual(-15);
    }
  });

  it('moves as far between samples as its speed allows', () => {
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1], samples[i]];
      if (!a || !b || a.to !== b.to) continue;
      // 1 s at the higher of both speeds, plus rounding of the coordinates.
      expect(haversine(a, b)).toBeLessThanOrEqual((Math.max(a.speed, b.speed) / 3.6) * 1.01 + 0.5);
    }
  });

  it('stops now and then on the way, for some seconds, at 0 km/h', () => {
    const stops = samples.filter((s, i) => s.phase === 'stopped' && samples[i - 1]?.phase !== 'stopped');
    expect(stops.length).toBeGreaterThan(3);
    for (const s of samples.filter((x) => x.phase === 'stopped' || x.phase === 'arrived')) expect(s.speed).toBe(0);
  });

  it('reaches its destination, waits there, then drives on from it', () => {
    const legs = samples.filter((s, i) => i > 0 && s.to !== samples[i - 1]?.to);
    expect(legs.length).toBeGreaterThan(0);
    for (const leg of legs) {
      const before = samples[samples.indexOf(leg) - 1];
      expect(before?.phase).toBe('arrived');
      expect(leg.from).toBe(before?.to);
    }
    const arrived = samples.find((s) => s.phase === 'arrived' && s.to === samples[0]?.to);
    const destination = new Drive({ seed: 7 }).route.to;
    expect(arrived && haversine(arrived, destination)).toBeLessThan(1);
  });

  it('reports heading 0..359 and signal −110..−50 dBm as whole numbers that vary', () => {
    for (const s of samples) {
      expect(Number.isInteger(s.heading) && s.heading >= 0 && s.heading <= 359).toBe(true);
      expect(Number.isInteger(s.dbm) && s.dbm >= DBM_RANGE.min && s.dbm <= DBM_RANGE.max).toBe(true);
    }
    expect(new Set(samples.map((s) => s.heading)).size).toBeGreaterThan(90);
    expect(new Set(samples.map((s) => s.dbm)).size).toBeGreaterThan(10);
  });

  it('heads along its road', () => {
    const moving = samples.filter((s, i) => s.speed > 50 && (samples[i + 5]?.speed ?? 0) > 50 && samples[i + 5]?.to === s.to);
    let agree = 0;
    for (const s of moving) {
      const later = samples[samples.indexOf(s) + 5];
      if (!later) continue;
      const dLng = (later.lng - s.lng) * Math.cos((s.lat * Math.PI) / 180);
      const direction = ((Math.atan2(dLng, later.lat - s.lat) * 180) / Math.PI + 360) % 360;
      const off = Math.abs(((direction - s.heading + 540) % 360) - 180);
      if (off < 30) agree++;
    }
    expect(agree / moving.length).toBeGreaterThan(0.9);
  });

  it('is deterministic: the same seed gives the same drive, another seed another', () => {
    expect(record(new Drive({ seed: 7 }), 3_600)).toEqual(samples.slice(0, 3_600));
    expect(record(new Drive({ seed: 8 }), 3_600)).not.toEqual(samples.slice(0, 3_600));
  });

  it('does not depend on how time is cut into steps', () => {
    const fine = new Drive({ seed: 3 });
    const coarse = new Drive({ seed: 3 });
    for (let i = 0; i < 600; i++) fine.step(1_000);
    coarse.step(250_000);
    coarse.step(350_000);
    expect(coarse.sample()).toEqual(fine.sample());
  });

  it('compresses time with speedFactor', () => {
    const fast = new Drive({ seed: 5, speedFactor: 10 });
    const slow = new Drive({ seed: 5 });
    fast.step(360_000);
    slow.step(3_600_000);
    expect(fast.sample()).toEqual(slow.sample());
    expect(fast.odometerM).toBeGreaterThan(20_000);
  });

  it('starts in the city it is told to', () => {
    const drive = new Drive({ seed: 1, startCity: 'Hamar' });
    expect(drive.route.from.name).toBe('Hamar');
    expect(haversine(drive.sample(), drive.route.from)).toBeLessThan(1);
  });
});

/** A drive with the road it is on and what it noticed, one sample a second. */
function recordRoads(drive: Drive, seconds: number) {
  const samples: Array<DriveSample & { phase: DrivePhase; road: RoadClass; limit: number }> = [];
  const moments: DriveMoment[] = [];
  drive.onMoment((m) => moments.push(m));
  for (let i = 0; i < seconds; i++) {
    drive.step(1_000);
    samples.push({ ...drive.sample(), phase: drive.phase, road: drive.road.roadClass, limit: drive.road.limitKmh });
  }
  return { samples, moments };
}

const share = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length / Math.max(1, items.length);
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('Drive on real roads', () => {
  const HOUR = 3_600;
  const runs = [1, 7, 11, 23].map((seed) => recordRoads(new Drive({ seed }), HOUR));
  const samples = runs.flatMap((r) => r.samples);
  const moments = runs.flatMap((r) => r.moments);

  it('spans town, country road and motorway speeds within an hour, with stops at 0', () => {
    expect(share(samples, (s) => s.speed > 80)).toBeGreaterThan(0.15);
    for (const run of runs) {
      expect(share(run.samples, (s) => s.speed > 80)).toBeGreaterThan(0.03);
      expect(share(run.samples, (s) => s.speed > 0 && s.speed < 50)).toBeGreaterThan(0.03);
      expect(share(run.samples, (s) => s.speed === 0)).toBeGreaterThan(0.005);
      expect(Math.max(...run.samples.map((s) => s.speed))).toBeLessThanOrEqual(MAX_KMH);
    }
    // No flat 50: speeds of every ten km/h band from 10 to 110 show up.
    for (let band = 10; band < 110; band += 10) expect(samples.some((s) => s.speed >= band && s.speed < band + 10)).toBe(true);
  });

  it('drives each road class at its own speed, around the limit', () => {
    const cruising = samples.filter((s) => s.phase === 'cruising' && s.speed > 0);
    const town = cruising.filter((s) => s.road === 'town').map((s) => s.speed);
    const country = cruising.filter((s) => s.road === 'country').map((s) => s.speed);
    const motorway = cruising.filter((s) => s.road === 'motorway').map((s) => s.speed);
    expect(median(town)).toBeGreaterThan(20);
    expect(median(town)).toBeLessThanOrEqual(50);
    expect(median(country)).toBeGreaterThan(60);
    expect(median(country)).toBeLessThanOrEqual(82);
    expect(median(motorway)).toBeGreaterThan(85);
    expect(median(motorway)).toBeLessThanOrEqual(112);
    // Over the limit by more than a little only in the rare speeding spells.
    expect(share(cruising, (s) => s.speed > s.limit + 8)).toBeLessThan(0.05);
  });

  it('varies its speed while cruising, rather than holding a flat line', () => {
    for (const run of runs) {
      const steady = run.samples.filter((s) => s.road === 'motorway' && s.phase === 'cruising' && s.speed > 70);
      if (steady.length < 300) continue;
      expect(new Set(steady.slice(0, 300).map((s) => Math.round(s.speed))).size).toBeGreaterThan(5);
    }
  });

  it('stops at junctions and lights in town, and for minutes at the depot between trips', () => {
    const stops = samples.filter((s, i) => s.phase === 'stopped' && samples[i - 1]?.phase !== 'stopped');
    expect(share(stops, (s) => s.road === 'town')).toBeGreaterThan(0.5);
    const long = recordRoads(new Drive({ seed: 7 }), 6 * HOUR).samples;
    let run = 0;
    const depotStops: number[] = [];
    for (const s of long) {
      if (s.phase === 'arrived') run++;
      else if (run > 0) {
        depotStops.push(run);
        run = 0;
      }
    }
    expect(depotStops.length).toBeGreaterThan(0);
    for (const seconds of depotStops) expect(seconds).toBeGreaterThanOrEqual(180);
  });

  it('notices moments where they happen, at speeds that fit them', () => {
    const of = (kind: DriveMoment['kind']) => moments.filter((m) => m.kind === kind);
    for (const kind of ['hardBraking', 'hardAcceleration', 'turn', 'junction', 'speeding', 'cruising'] as const) {
      expect(of(kind).length, kind).toBeGreaterThan(0);
    }
    for (const m of of('hardBraking')) expect(m.sample.speed).toBeGreaterThanOrEqual(20);
    for (const m of of('hardAcceleration')) expect(m.sample.speed).toBeGreaterThanOrEqual(20);
    for (const m of of('hardAcceleration')) expect(m.sample.speed).toBeLessThan(30);
    for (const m of of('speeding')) expect(m.sample.speed).toBeGreaterThan(m.limitKmh);
    for (const m of of('speeding')) expect(m.roadClass).not.toBe('town');
    for (const m of [...of('turn'), ...of('junction')]) expect(m.roadClass).toBe('town');
    for (const m of of('turn')) expect(m.sample.speed).toBeLessThanOrEqual(40);
    for (const m of of('cruising')) expect(m.sample.speed).toBeGreaterThanOrEqual(60);
  });

  it('brakes hard where the moment says, from the speed it reports', () => {
    const drive = new Drive({ seed: 11 });
    const seen: Array<{ moment: DriveMoment; after: number }> = [];
    let pending: DriveMoment | undefined;
    drive.onMoment((m) => {
      if (m.kind === 'hardBraking') pending = m;
    });
    // Half-second steps: one tick each, so the sample after a moment shows that tick's braking.
    for (let i = 0; i < 3 * 2 * HOUR; i++) {
      drive.step(500);
      if (pending) seen.push({ moment: pending, after: drive.sample().speed });
      pending = undefined;
    }
    expect(seen.length).toBeGreaterThan(1);
    // After that tick of braking at 3 m/s² or more, it is 5 km/h or more slower.
    for (const { moment, after } of seen) expect(moment.sample.speed - after).toBeGreaterThan(5);
  });

  it('starts a demo vehicle under way: somewhere along its trip, at the speed of the road there', () => {
    const placed = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
      const drive = new Drive({ seed });
      drive.placeUnderWay();
      drive.step(1_000);
      return drive;
    });
    expect(placed.every((d) => d.phase !== 'stopped' && d.progressM > 0)).toBe(true);
    const speeds = placed.map((d) => d.sample().speed);
    expect(new Set(speeds.map((s) => Math.round(s / 20))).size).toBeGreaterThan(1);
    const again = new Drive({ seed: 1 });
    again.placeUnderWay();
    again.step(1_000);
    expect(again.sample()).toEqual(placed[0]?.sample());
  });
});
