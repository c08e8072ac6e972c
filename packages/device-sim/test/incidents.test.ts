import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCliOptions } from '../src/cli-options.js';
import type { DeviceEvidence } from '../src/device-evidence.js';
import type { SimDeviceOptions } from '../src/device-options.js';
import { Drive, type DriveMoment } from '../src/drive.js';
import { IncidentReporter } from '../src/incident-reporter.js';
import {
  DEFAULT_INCIDENT_MIX,
  fitsAnyTime,
  INCIDENT_TYPES,
  type IncidentMix,
  type IncidentType,
  IncidentWaitList,
  incidentPayload,
  incidentResources,
  localTimeText,
  pickIncidentType,
} from '../src/incidents.js';
import { PoissonSchedule, seededRandom } from '../src/random.js';
import type { DeviceSession } from '../src/session.js';

const draws = (seed: number, count: number, mix: IncidentMix = DEFAULT_INCIDENT_MIX) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => pickIncidentType(random, mix));
};

describe('incident mix', () => {
  it('draws the same types from the same seed', () => {
    expect(draws(7, 50)).toEqual(draws(7, 50));
    expect(draws(7, 50)).not.toEqual(draws(8, 50));
  });

  it('follows the weights: harsh braking and over-speed common, collisions rare', () => {
    const tally = new Map<IncidentType, number>();
    for (const type of draws(42, 20_000)) tally.set(type, (tally.get(type) ?? 0) + 1);
    const total = Object.values(DEFAULT_INCIDENT_MIX).reduce((sum, weight) => sum + weight, 0);
    for (const type of INCIDENT_TYPES) {
      const expected = (DEFAULT_INCIDENT_MIX[type] / total) * 20_000;
      expect(Math.abs((tally.get(type) ?? 0) - expected)).toBeLessThan(Math.max(40, expected * 0.1));
    }
    const common = (tally.get('harshBraking') ?? 0) + (tally.get('overSpeed') ?? 0);
    expect(common).toBeGreaterThan(10_000);
    expect(tally.get('collision') ?? 0).toBeLessThan(200);
  });

  it('never draws a type without weight, and refuses a mix with none', () => {
    expect(new Set(draws(3, 500, { collision: 1, panicButton: 0 }))).toEqual(new Set(['collision']));
    expect(() => pickIncidentType(seededRandom(1), { collision: 0 })).toThrow(/no positive weight/);
  });
});

describe('incident schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('raises incidents at exponential waits of the given mean, the same for the same seed', () => {
    vi.useFakeTimers();
    const times = (seed: number) => {
      const raised: number[] = [];
      const start = Date.now();
      const schedule = new PoissonSchedule(seededRandom(seed), 1_000, () => raised.push(Date.now() - start));
      schedule.start();
      vi.advanceTimersByTime(2_000_000);
      schedule.stop();
      return raised;
    };
    const raised = times(11);
    expect(times(11)).toEqual(raised);
    // About 2,000 incidents in 2,000 mean waits (a Poisson count: within a few standard deviations).
    expect(raised.length).toBeGreaterThan(1_800);
    expect(raised.length).toBeLessThan(2_200);
    const gaps = raised.map((t, i) => t - (raised[i - 1] ?? 0));
    // Exponential: about 63% of the waits are shorter than the mean.
    const short = gaps.filter((gap) => gap < 1_000).length / gaps.length;
    expect(short).toBeGreaterThan(0.58);
    expect(short).toBeLessThan(0.68);
  });

  it('raises nothing when off or stopped', () => {
    vi.useFakeTimers();
    let raised = 0;
    const off = new PoissonSchedule(seededRandom(1), 0, () => raised++);
    off.start();
    expect(off.running).toBe(false);
    const on = new PoissonSchedule(seededRandom(1), 1_000, () => raised++);
    on.start();
    on.stop();
    vi.advanceTimersByTime(100_000);
    expect(raised).toBe(0);
  });
});

describe('incident payload', () => {
  const sample = { lat: 59.91, lng: 10.75, speed: 72.4, heading: 90, dbm: -70 };

  it('carries the position, speed, a channel of the device and a picture and a 20 s video per channel', () => {
    const at = Date.UTC(2026, 10, 23, 13, 3, 11);
    const payload = incidentPayload('ab12-7', 'harshBraking', { sample, channels: 4, random: seededRandom(5), now: at });
    expect(payload).toMatchObject({ type: 'harshBraking', triggerAt: at, speed: 72.4, lat: 59.91, lng: 10.75 });
    expect(payload.channel).toBeGreaterThanOrEqual(1);
    expect(payload.channel).toBeLessThanOrEqual(4);
    expect(payload.resources).toEqual(incidentResources('ab12-7', 4, at));
    const resources = incidentResources('ab12-7', 4, at);
    expect(resources).toHaveLength(8);
    expect(new Set(resources.map((r) => r.id)).size).toBe(8);
    for (const video of resources.filter((r) => r.kind === 'video')) {
      expect(video).toMatchObject({ start: at - 10_000, end: at + 10_000 });
    }
  });

  it('keeps what the evidence settings ask for, within the 16 files an incident may list', () => {
    const at = Date.UTC(2026, 10, 23, 13, 3, 11);
    const evidence = { secondsBefore: 5, secondsAfter: 15, channels: [3, 1, 9], pictures: 3 };
    const resources = incidentResources('e-1', 4, at, evidence);
    // Channel 9 is not on this device; three pictures and a video on each of the others.
    expect(resources.map((r) => r.id)).toEqual([
      'e-1-ch1.jpg',
      'e-1-ch1-2.jpg',
      'e-1-ch1-3.jpg',
      'e-1-ch1.mp4',
      'e-1-ch3.jpg',
      'e-1-ch3-2.jpg',
      'e-1-ch3-3.jpg',
      'e-1-ch3.mp4',
    ]);
    expect(resources.find((r) => r.kind === 'video')).toMatchObject({ start: at - 5_000, end: at + 15_000 });
    // Eight cameras: a video each leaves room for one picture each.
    const eight = incidentResources('e-2', 8, at, { ...evidence, channels: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(eight).toHaveLength(16);
    expect(eight.filter((r) => r.kind === 'picture')).toHaveLength(8);
    expect(incidentResources('e-3', 4, at, { ...evidence, secondsBefore: 0, secondsAfter: 0, pictures: 0 })).toEqual([]);
  });

  it('takes overrides over what the drive says', () => {
    const payload = incidentPayload(
      'x-1',
      'collision',
      { sample, channels: 2, random: seededRandom(1), now: 1 },
      { speed: 0, channel: 2, resources: [] },
    );
    expect(payload).toMatchObject({ speed: 0, channel: 2, resources: [] });
  });

  it('writes the local time as the device clock shows it', () => {
    expect(localTimeText(Date.UTC(2026, 10, 23, 13, 3, 11), 60)).toBe('2026-11-23 14:03:11');
    expect(localTimeText(Date.UTC(2026, 0, 1, 0, 0, 5), -300)).toBe('2025-12-31 19:00:05');
  });
});

describe('incident command line', () => {
  it('takes --incident-every as the mean wait, off by default', () => {
    expect(parseCliOptions(['--incident-every', '60000']).fleet.incidentEveryMs).toBe(60_000);
    expect(parseCliOptions([]).fleet.incidentEveryMs).toBeUndefined();
    expect(() => parseCliOptions(['--incident-every', '0'])).toThrow(/--incident-every/);
  });
});

/** Every type a device raises by itself, equally likely, so each shows up in a few simulated hours. */
const EVEN_MIX: IncidentMix = Object.fromEntries(INCIDENT_TYPES.map((type) => [type, type === 'dvrClip' ? 0 : 1]));

/** Draws a type every simulated minute for `hours` and files it at the first moment of the drive that fits it. */
function fileOverDrive(seed: number, hours: number) {
  const drive = new Drive({ seed });
  const random = seededRandom(seed);
  const waiting = new IncidentWaitList();
  const filed: Array<{ type: IncidentType; moment?: DriveMoment; speed: number }> = [];
  drive.onMoment((moment) => {
    const type = waiting.take(moment);
    if (type) filed.push({ type, moment, speed: moment.sample.speed });
  });
  for (let minute = 0; minute < hours * 60; minute++) {
    drive.step(60_000);
    const type = pickIncidentType(random, EVEN_MIX);
    if (fitsAnyTime(type)) filed.push({ type, speed: drive.sample().speed });
    else waiting.add(type, drive.simulatedS);
  }
  return filed;
}

describe('incidents where they plausibly happen', () => {
  const filed = [1, 2, 3, 4, 5, 6].flatMap((seed) => fileOverDrive(seed, 3));
  const of = (type: IncidentType) => filed.filter((f) => f.type === type);

  it('files every type a device raises, each with a speed that fits it', () => {
    for (const type of INCIDENT_TYPES.filter((t) => t !== 'dvrClip')) expect(of(type).length, type).toBeGreaterThan(2);
    // Over-speed: over the limit where it happened, never in town.
    for (const f of of('overSpeed')) {
      expect(f.speed).toBeGreaterThan(f.moment?.limitKmh ?? Number.POSITIVE_INFINITY);
      expect(f.moment?.roadClass).not.toBe('town');
    }
    // Harsh braking: the speed it braked from; a forward-collision warning at speed.
    for (const f of of('harshBraking')) expect(f.speed).toBeGreaterThan(20);
    for (const f of of('forwardCollision')) expect(f.speed).toBeGreaterThanOrEqual(30);
    // Pulling away hard from a stop: just past 20 km/h.
    for (const f of of('harshAcceleration')) expect(f.speed).toBeGreaterThanOrEqual(20);
    for (const f of of('harshAcceleration')) expect(f.speed).toBeLessThan(30);
    // At junctions in town: turns and bumps at low to medium speed.
    for (const f of [...of('sharpTurn'), ...of('collision')]) {
      expect(f.moment?.roadClass).toBe('town');
      expect(f.speed).toBeGreaterThanOrEqual(10);
      expect(f.speed).toBeLessThanOrEqual(50);
    }
    // Drowsy, distracted, drifting out of lane: cruising at speed out of town.
    for (const f of [...of('fatigue'), ...of('distraction'), ...of('laneDeparture')]) {
      expect(f.speed).toBeGreaterThanOrEqual(60);
      expect(f.moment?.roadClass).not.toBe('town');
    }
    for (const f of [...of('phoneUse'), ...of('smoking'), ...of('seatbelt')]) expect(f.speed).toBeGreaterThan(0);
  });

  it('drops a drawn type that finds no moment within half an hour', () => {
    const waiting = new IncidentWaitList();
    waiting.add('sharpTurn', 0);
    const moment = (kind: DriveMoment['kind'], atS: number): DriveMoment => ({
      kind,
      atS,
      limitKmh: 50,
      roadClass: 'town',
      sample: { lat: 59.9, lng: 10.7, speed: 30, heading: 0, dbm: -70 },
    });
    expect(waiting.take(moment('junction', 60))).toBeUndefined();
    expect(waiting.take(moment('turn', 1_000))).toBe('sharpTurn');
    waiting.add('sharpTurn', 0);
    expect(waiting.take(moment('turn', 1_801))).toBeUndefined();
    expect(waiting.size).toBe(0);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('raises what the schedule draws at the moment of the drive that fits it', () => {
    vi.useFakeTimers();
    let nextId = 0;
    const session = { up: { nextId: () => `m-${++nextId}` }, sending: false } as unknown as DeviceSession;
    const evidence = { hold: () => {}, filed: () => {} } as unknown as DeviceEvidence;
    const options = { uuid: 'SIM-1', brokerUrl: 'mqtt://x', incidentEveryMs: 120_000, incidentMix: { overSpeed: 1 } } as SimDeviceOptions;
    const drive = new Drive({ seed: 3 });
    const speeding: number[] = [];
    drive.onMoment((m) => {
      if (m.kind === 'speeding') speeding.push(m.sample.speed);
    });
    const reporter = new IncidentReporter(options, 3, session, drive, () => 4, evidence);
    const raise = vi.spyOn(reporter, 'raise');
    reporter.start();
    for (let s = 0; s < 3 * 3_600; s++) {
      vi.advanceTimersByTime(1_000);
      drive.step(1_000);
    }
    reporter.stop();
    expect(raise.mock.calls.length).toBeGreaterThan(2);
    for (const [type, overrides] of raise.mock.calls) {
      expect(type).toBe('overSpeed');
      expect(speeding).toContain(overrides?.speed);
    }
    expect(reporter.counts.incidents).toBe(raise.mock.calls.length);
  });
});
