import { describe, expect, it } from 'vitest';
import { DBM_RANGE, Drive, type DrivePhase, type DriveSample, MAX_KMH, MIN_CRUISE_KMH } from '../src/drive.js';
import { haversine } from '../src/geo.js';

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

  it('keeps speed within 0–110 km/h, cruising mostly at 30 km/h or more', () => {
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
