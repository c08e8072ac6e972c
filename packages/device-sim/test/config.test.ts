import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectionTypes } from '@safety-shield/contract';
import { compiled } from '@safety-shield/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigStore, fileConfigStore, memoryConfigStore, type RunningConfig } from '../src/config-store.js';
import { SimDevice } from '../src/device.js';
import { recordedStretch } from '../src/evidence.js';
import { CLOCK_BITS, CLOCK_GEOMETRY, DEFAULT_LIVE_VIDEO, ffmpegArgs, type LiveVideo, playbackArgs } from '../src/ffmpeg-args.js';
import { startFleet } from '../src/fleet.js';
import { haversine } from '../src/geo.js';
import { FFMPEG, LiveStreams } from '../src/live.js';
import { deviceStarter, type Harness, startHarness, waitFor } from './harness.js';

/** docs/device-protocol.md, `config`: what the device does with a configuration, and what visibly follows from it. */
describe('the device configuration', () => {
  let harness: Harness;
  const devices: SimDevice[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
    await harness?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A device on the harness's broker (2 channels, GPS every minute unless configured, tiny evidence), started. */
  const online = deviceStarter(
    () => harness,
    devices,
    () => ({ channels: 2, gpsIntervalMs: 60_000, evidenceMedia: 'tiny', uploadEvidence: false }),
    'configReport',
  );
  const upOf = (uuid: string, kind: string) => harness.upOf(uuid, kind);
  const command = (device: SimDevice, kind: string, payload: Record<string, unknown>) => harness.command(device.uuid, kind, payload);
  const configure = (device: SimDevice, payload: Record<string, unknown>) => command(device, 'config', payload);

  it('runs its factory configuration (version 0) and says so after hello and health, and to configGet', async () => {
    const device = await online('CFG-FACTORY', { gpsIntervalMs: 2_400, gpsBatch: 7 });
    const factory = {
      version: 0,
      settings: {
        uploadIntervalSeconds: 2,
        gpsBatch: 7,
        detections: [...detectionTypes],
        evidence: { secondsBefore: 10, secondsAfter: 10, channels: [1, 2], pictures: 1 },
        video: [1, 2].map((channel) => ({ channel, ...DEFAULT_LIVE_VIDEO })),
        alarmAreas: [],
      },
    };
    const kinds = harness.up.filter((m) => m.uuid === device.uuid).map((m) => m.kind);
    expect(kinds.slice(0, 4)).toEqual(['status', 'hello', 'health', 'configReport']);
    const [report] = upOf(device.uuid, 'configReport');
    expect(report?.payload).toMatchObject(factory);
    expect(compiled.up.configReport.Check(report?.payload)).toBe(true);
    expect(await command(device, 'configGet', {})).toMatchObject({ ok: true, result: factory });
    expect(device.configuration).toEqual(factory);
  });

  it('applies a whole and a partial configuration, acks a resend and refuses older, expired and impossible ones', async () => {
    const device = await online('CFG-APPLY');
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 60_000, gpsBatch: 5 });

    const apn = { name: 'internet.example', user: 'fleet', password: 'secret-pw' };
    expect(await configure(device, { version: 1, settings: { uploadIntervalSeconds: 5, gpsBatch: 10, apn } })).toMatchObject({
      ok: true,
      result: { version: 1 },
    });
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 5_000, gpsBatch: 10 });
    // What it says it runs: the whole document, factory values filled in, the APN password left out.
    const got = await command(device, 'configGet', {});
    expect(got).toMatchObject({ ok: true, result: { version: 1, settings: { uploadIntervalSeconds: 5, gpsBatch: 10 } } });
    expect((got.result as RunningConfig).settings.apn).toEqual({ name: 'internet.example', user: 'fleet' });
    expect((got.result as RunningConfig).settings.detections).toEqual([...detectionTypes]);
    expect(device.configuration.settings.apn?.password).toBe('secret-pw');

    // Partial: only what it names changes.
    expect(await configure(device, { version: 2, settings: { gpsBatch: 20 }, partial: true })).toMatchObject({
      ok: true,
      result: { version: 2 },
    });
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 5_000, gpsBatch: 20 });
    expect(device.configuration.settings.apn?.name).toBe('internet.example');

    // Whole: what it leaves out goes back to the factory values (the upload interval of its options, no APN).
    expect(await configure(device, { version: 3, settings: { gpsBatch: 4 } })).toMatchObject({ ok: true, result: { version: 3 } });
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 60_000, gpsBatch: 4 });
    expect(device.configuration.settings.apn).toBeUndefined();

    // A resend of the version it runs is acknowledged and changes nothing, whatever it carries.
    expect(await configure(device, { version: 3, settings: { gpsBatch: 99 } })).toMatchObject({ ok: true, result: { version: 3 } });
    expect(device.gpsSettings.gpsBatch).toBe(4);
    // An older one is refused.
    expect(await configure(device, { version: 2, settings: { gpsBatch: 20 }, partial: true })).toMatchObject({
      ok: false,
      error: 'older than version 3',
    });
    // One past its expiry is refused; one that expires later is applied.
    expect(await configure(device, { version: 4, settings: { gpsBatch: 6 }, expiresAt: Date.now() - 1_000 })).toMatchObject({
      ok: false,
      error: 'expired',
    });
    expect(await configure(device, { version: 4, settings: { gpsBatch: 6 }, partial: true, expiresAt: Date.now() + 60_000 })).toMatchObject(
      { ok: true, result: { version: 4 } },
    );
    // A channel it does not have (it has 2): refused, nothing applied.
    const video = { channel: 5, resolution: '640x480', frameRate: 10, bitrateKbps: 256 };
    expect(await configure(device, { version: 5, settings: { video: [video] }, partial: true })).toMatchObject({
      ok: false,
      error: 'no channel 5',
    });
    const evidence = { secondsBefore: 1, secondsAfter: 1, channels: [1, 3], pictures: 1 };
    expect(await configure(device, { version: 5, settings: { evidence }, partial: true })).toMatchObject({
      ok: false,
      error: 'no channel 3',
    });
    expect(device.configuration.version).toBe(4);
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 60_000, gpsBatch: 6 });

    // After every hello it reports what it runs.
    const hellos = upOf(device.uuid, 'hello').length;
    device.drop();
    await harness.waitFor(() => upOf(device.uuid, 'hello').length > hellos || undefined, 'hello again', 15_000);
    const report = await harness.waitFor(
      () => upOf(device.uuid, 'configReport').find((m) => m.payload.version === 4),
      'configReport of v4',
    );
    expect(report.payload).toMatchObject({ version: 4, settings: { gpsBatch: 6, uploadIntervalSeconds: 60 } });
  }, 30_000);

  it('refuses every configuration in refuse mode, with the reason it was given', async () => {
    const device = await online('CFG-REFUSE', { refuseConfig: 'configured on site only' });
    expect(await configure(device, { version: 1, settings: { gpsBatch: 9 } })).toEqual(
      expect.objectContaining({ ok: false, error: 'configured on site only' }),
    );
    expect(device.configuration.version).toBe(0);
    expect(device.gpsSettings.gpsBatch).toBe(5);
    // It still answers what it runs.
    expect(await command(device, 'configGet', {})).toMatchObject({ ok: true, result: { version: 0 } });
  });

  it('reports positions at the configured interval, in batches of the configured size', async () => {
    const device = await online('CFG-GPS', { gpsIntervalMs: 60_000, gpsBatch: 1 });
    // Once a minute: nothing in the first 1.5 s.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(upOf(device.uuid, 'gps')).toHaveLength(0);
    expect(await configure(device, { version: 1, settings: { uploadIntervalSeconds: 1, gpsBatch: 2 }, partial: true })).toMatchObject({
      ok: true,
    });
    const configuredAt = Date.now();
    await harness.waitFor(() => upOf(device.uuid, 'gps').length >= 2 || undefined, 'two gps batches', 8_000);
    const batches = upOf(device.uuid, 'gps').map((m) => (m.payload.points as Array<{ t: number }>).map((p) => p.t));
    for (const batch of batches) expect(batch).toHaveLength(2);
    const times = batches.flat();
    // A point every second from the configuration on.
    expect(times[0] ?? 0).toBeGreaterThanOrEqual(configuredAt - 100);
    expect(times[0] ?? 0).toBeLessThan(configuredAt + 1_500);
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
      expect(gap).toBeGreaterThan(800);
      expect(gap).toBeLessThan(1_300);
    }
  }, 20_000);

  it('never raises a detection that is switched off, by itself or when asked', async () => {
    const device = await online('CFG-DETECT', { incidentEveryMs: 20, incidentMix: { cameraBlocked: 1, panicButton: 1 } });
    const incidents = () => upOf(device.uuid, 'incident').map((m) => m.payload.type);
    await harness.waitFor(() => incidents().includes('cameraBlocked') || undefined, 'a cameraBlocked while it is on');
    const off = detectionTypes.filter((type) => type !== 'cameraBlocked');
    expect(await configure(device, { version: 1, settings: { detections: off }, partial: true })).toMatchObject({ ok: true });
    const after = incidents().length;
    await harness.waitFor(() => incidents().length >= after + 30 || undefined, 'thirty incidents after');
    expect(incidents().slice(after)).not.toContain('cameraBlocked');
    expect(incidents().slice(after)).toContain('panicButton');
    // Asked for one, it says it cannot see it; a type that is no detection is raised as ever.
    expect(() => device.raiseIncident('cameraBlocked')).toThrow(/cameraBlocked is switched off/);
    expect(device.raiseIncident('harshBraking')).toEqual(expect.any(String));
    // Switched on again, it comes back.
    expect(await configure(device, { version: 2, settings: { detections: [...detectionTypes] }, partial: true })).toMatchObject({
      ok: true,
    });
    const again = incidents().length;
    await harness.waitFor(() => incidents().slice(again).includes('cameraBlocked') || undefined, 'cameraBlocked again');
    await device.stop();
  }, 20_000);

  it('keeps the evidence the configuration asks for: span around the trigger, channels, pictures', async () => {
    const device = await online('CFG-EVIDENCE', { channels: 4 });
    const resourcesOf = async (id: string) => {
      const incident = await harness.waitFor(() => upOf(device.uuid, 'incident').find((m) => m.payload.id === id), `incident ${id}`);
      return { triggerAt: incident.payload.triggerAt as number, resources: incident.payload.resources as Array<Record<string, unknown>> };
    };

    // Factory: one picture and 10 s either side on every channel.
    const before = await resourcesOf(device.raiseIncident('harshBraking'));
    expect(before.resources).toHaveLength(8);
    expect(before.resources.find((r) => r.kind === 'video')).toMatchObject({
      start: before.triggerAt - 10_000,
      end: before.triggerAt + 10_000,
    });

    const evidence = { secondsBefore: 3, secondsAfter: 7, channels: [4, 2], pictures: 2 };
    expect(await configure(device, { version: 1, settings: { evidence }, partial: true })).toMatchObject({ ok: true });
    const { triggerAt, resources } = await resourcesOf(device.raiseIncident('harshBraking'));
    const span = { start: triggerAt - 3_000, end: triggerAt + 7_000 };
    expect(resources.map((r) => [r.kind, r.channel])).toEqual([
      ['picture', 2],
      ['picture', 2],
      ['video', 2],
      ['picture', 4],
      ['picture', 4],
      ['video', 4],
    ]);
    expect(new Set(resources.map((r) => r.id)).size).toBe(6);
    for (const video of resources.filter((r) => r.kind === 'video')) expect(video).toMatchObject(span);
    // The encoder records 8 s of that 10 s span, from its start (the trigger 3 s in): the span follows the settings.
    expect(recordedStretch(span, triggerAt)).toEqual({ start: span.start, seconds: 8 });
    expect(recordedStretch({ start: triggerAt - 2_000, end: triggerAt + 4_000 }, triggerAt)).toEqual({
      start: triggerAt - 2_000,
      seconds: 6,
    });

    // No video kept and no picture taken: nothing to list.
    const none = { secondsBefore: 0, secondsAfter: 0, channels: [1], pictures: 0 };
    expect(await configure(device, { version: 2, settings: { evidence: none }, partial: true })).toMatchObject({ ok: true });
    expect((await resourcesOf(device.raiseIncident('collision'))).resources).toEqual([]);
  });

  it('watches its alarm areas on each position: leaving one files areaLeave, speeding in one overSpeed', async () => {
    // Its drive (seeded by the uuid) stands about 5 s at the start in a town centre, then pulls away along the street:
    // from standing it is 40 m away after about 9 s.
    const device = await online('CFG-AREA', { gpsIntervalMs: 1_000, gpsBatch: 1 });
    await harness.waitFor(() => device.position.speed > 0 || undefined, 'the vehicle moving', 40_000);
    const center = { lat: device.position.lat, lng: device.position.lng };
    const alarmAreas = [
      { name: 'Depot yard', shape: { type: 'circle', center, radius: 40 }, onEnter: true, onLeave: true },
      { name: 'Old town', shape: { type: 'circle', center, radius: 5_000 }, onEnter: true, onLeave: true, speedLimit: 20 },
    ];
    // Alarm areas are no camera detections: with every detection switched off they still raise incidents, and their
    // evidence follows the configuration.
    const evidence = { secondsBefore: 2, secondsAfter: 3, channels: [2], pictures: 1 };
    expect(await configure(device, { version: 1, settings: { alarmAreas, detections: [], evidence }, partial: true })).toMatchObject({
      ok: true,
    });
    const incidents = () => upOf(device.uuid, 'incident').map((m) => m.payload);
    const leave = await harness.waitFor(() => incidents().find((p) => p.type === 'areaLeave'), 'areaLeave', 20_000);
    const over = await harness.waitFor(() => incidents().find((p) => p.type === 'overSpeed'), 'overSpeed');
    expect(compiled.up.incident.Check(leave)).toBe(true);
    expect(leave.description).toBe('area Depot yard');
    expect(over.description).toBe(`${over.speed} km/h in area Old town (limit 20)`);
    expect(over.speed as number).toBeGreaterThan(20);
    // Inside both areas at the first position after the configuration: no areaEnter.
    expect(incidents().map((p) => p.type)).toEqual(expect.arrayContaining(['areaLeave', 'overSpeed']));
    expect(incidents().filter((p) => p.type !== 'overSpeed' && p.type !== 'areaLeave')).toEqual([]);

    // Each at the time, place and speed of the GPS point that crossed: the first beyond 40 m, the one before inside.
    const points = upOf(device.uuid, 'gps').flatMap(
      (m) => m.payload.points as Array<{ t: number; lat: number; lng: number; speed: number }>,
    );
    const crossing = points.findIndex((p) => p.t === leave.triggerAt);
    const [before, at] = [points[crossing - 1], points[crossing]];
    expect(at).toMatchObject({ lat: leave.lat, lng: leave.lng, speed: leave.speed });
    expect(haversine(center, at ?? center)).toBeGreaterThan(40);
    expect(haversine(center, before ?? center)).toBeLessThanOrEqual(40);
    expect(points.find((p) => p.t === over.triggerAt)).toMatchObject({ lat: over.lat, lng: over.lng, speed: over.speed });
    const triggerAt = leave.triggerAt as number;
    expect(leave.resources).toEqual([
      { id: `${leave.id}-ch2.jpg`, kind: 'picture', channel: 2 },
      { id: `${leave.id}-ch2.mp4`, kind: 'video', channel: 2, start: triggerAt - 2_000, end: triggerAt + 3_000 },
    ]);
    await device.stop();
  }, 60_000);

  it('stores {version, settings} before it acks, and runs it again after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-config-'));
    dirs.push(dir);
    const path = join(dir, 'state.config.json');
    const first = await online('CFG-STORE', { configStore: fileConfigStore(path) });
    const settings = { uploadIntervalSeconds: 7, gpsBatch: 3, detections: ['fatigue' as const] };
    const ref = await harness.sendDown(first.uuid, 'config', { version: 3, settings });
    // The file holds it by the time the ack is out.
    const ack = await harness.ackOf(first.uuid, ref);
    expect(ack).toMatchObject({ ok: true, result: { version: 3 } });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'CFG-STORE': { version: 3, settings } });
    await first.stop();

    // A new device on the same file: version and settings from the start, before any message.
    const second = new SimDevice({
      uuid: 'CFG-STORE',
      ...harness.access,
      channels: 2,
      configStore: fileConfigStore(path),
    });
    devices.push(second);
    expect(second.configuration).toMatchObject({ version: 3, settings });
    expect(second.gpsSettings).toEqual({ gpsIntervalMs: 7_000, gpsBatch: 3 });
    expect(() => second.raiseIncident('laneDeparture')).toThrow(/switched off/);
    const reports = upOf('CFG-STORE', 'configReport').length;
    expect(await second.start()).toBe(true);
    const report = await harness.waitFor(() => upOf('CFG-STORE', 'configReport')[reports], 'configReport after the restart');
    expect(report.payload).toMatchObject({ version: 3, settings });
    await second.stop();
  });

  it('acks ok: false and applies nothing when the store fails', async () => {
    const broken: ConfigStore = {
      get: () => undefined,
      set: () => Promise.reject(new Error('card full')),
    };
    const device = await online('CFG-FULL', { configStore: broken });
    expect(await configure(device, { version: 1, settings: { gpsBatch: 9 } })).toMatchObject({ ok: false, error: 'card full' });
    expect(device.configuration.version).toBe(0);
    expect(device.gpsSettings.gpsBatch).toBe(5);
  });

  it('handles configurations one at a time, in order', async () => {
    const store = memoryConfigStore();
    const slow: ConfigStore = {
      get: (uuid) => store.get(uuid),
      set: (uuid, config) => new Promise((resolve) => setTimeout(() => resolve(store.set(uuid, config)), 100)),
    };
    const device = await online('CFG-ORDER', { configStore: slow });
    const refs: string[] = [];
    for (const version of [1, 2, 3]) refs.push(await harness.sendDown(device.uuid, 'config', { version, settings: { gpsBatch: version } }));
    const acks = await harness.waitFor(() => {
      const found = refs.map((ref) => upOf(device.uuid, 'ack').find((m) => m.payload.ref === ref));
      return found.every(Boolean) ? found : undefined;
    }, 'three acks');
    expect(acks.map((ack) => ack?.payload.ok)).toEqual([true, true, true]);
    expect(store.get(device.uuid)?.version).toBe(3);
    expect(device.gpsSettings.gpsBatch).toBe(3);
  });

  it('lets a fleet keep chosen devices offline until they are started', async () => {
    const fleet = startFleet({
      ...harness.access,
      devices: 3,
      uuidPrefix: 'CFG-FLEET-',
      gpsIntervalMs: 60_000,
      offline: [1],
    });
    try {
      await fleet.ready(5_000);
      const [, held] = fleet.devices;
      if (!held) throw new Error('no device');
      expect(fleet.devices.map((device) => device.connected)).toEqual([true, false, true]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(harness.connects.some((c) => c.packet.clientId === held.uuid)).toBe(false);
      expect(await held.start()).toBe(true);
      await fleet.ready(5_000);
      await harness.waitFor(() => upOf(held.uuid, 'configReport')[0], 'configReport of the held device');
    } finally {
      await fleet.stop();
    }
  });
});

describe('live video follows the channel’s video settings', () => {
  const url = 'rtmp://portal.example/live/s1?key=k';
  const hd: LiveVideo = { resolution: '1280x720', frameRate: 30, bitrateKbps: 2048 };
  const argOf = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

  it('encodes at the resolution, frame rate and bit rate, drawing the overlay at 320×240 first', () => {
    const factory = ffmpegArgs(url, 'AB 123', 1);
    expect(argOf(factory, '-i')).toBe('testsrc2=size=320x240:rate=15');
    expect(argOf(factory, '-b:v')).toBe('512k');
    expect(argOf(factory, '-g')).toBe('15');
    expect(argOf(factory, '-vf')).not.toContain('scale=');

    const args = ffmpegArgs(url, 'AB 123', 1, hd);
    expect(argOf(args, '-i')).toBe('testsrc2=size=320x240:rate=30');
    expect([argOf(args, '-b:v'), argOf(args, '-maxrate'), argOf(args, '-g')]).toEqual(['2048k', '2048k', '30']);
    const filter = argOf(args, '-vf') ?? '';
    // Scaled last, after the clock strip is drawn where the console looks for it.
    expect(filter.endsWith(',scale=1280:720:flags=neighbor')).toBe(true);
    expect(filter.lastIndexOf('drawbox')).toBeLessThan(filter.indexOf('scale='));
    expect(args.at(-1)).toBe(url);

    const playback = playbackArgs(url, 'AB 123', 2, { start: 1_000_000, end: 1_030_000 }, { ...hd, resolution: '640x480' });
    expect(argOf(playback, '-vf')).toMatch(/REC .*,scale=640:480:flags=neighbor$/);
    expect(argOf(playback, '-t')).toBe('30.000');
    expect(playback.indexOf('-t')).toBeLessThan(playback.indexOf('-flvflags'));
  });

  it('starts the encoder of a live command with the settings of its channel', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-live-'));
    try {
      // A stand-in encoder that writes down its arguments.
      const fake = join(dir, 'ffmpeg');
      writeFileSync(fake, `#!/bin/sh\necho "$@" > "${dir}/args-$$"\nexec sleep 5\n`);
      chmodSync(fake, 0o755);
      const video = (channel: number): LiveVideo => (channel === 2 ? hd : DEFAULT_LIVE_VIDEO);
      const live = new LiveStreams(
        () => 2,
        () => {},
        video,
        fake,
      );
      const start = (stream: string, channel: number) =>
        live.command()({ v: 1, id: stream, at: Date.now(), action: 'start', stream, channel, url, key: 'k' });
      expect(await start('s2', 2)).toEqual({ ok: true });
      // The shell creates the file before echo fills it: only a written line counts.
      const args = await waitFor(() => {
        const files = existsSync(dir) ? readdirArgs(dir) : [];
        return files.find((written) => written.trim().length > 0);
      }, 'encoder arguments');
      expect(args).toContain('testsrc2=size=320x240:rate=30');
      expect(args).toContain('scale=1280:720:flags=neighbor');
      expect(args).toContain('-b:v 2048k');
      live.stopAll();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync(FFMPEG))('burns a clock the console reads back at 320×240 from a 1280×720 picture', async () => {
    const filter = argOf(ffmpegArgs(url, 'AB 123', 1, hd), '-vf') ?? '';
    // The console draws the frame onto a 320×240 canvas: scale back down and read one gray frame.
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30'];
    args.push('-vf', `${filter},scale=320:240`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1');
    const frame = await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited ${code}`))));
    });
    const readAt = Date.now();
    const { width, x, y, step, size } = CLOCK_GEOMETRY;
    expect(frame.length).toBe(320 * 240);
    const luma = (px: number, py: number) => frame[py * width + px] ?? 0;
    // The strip's black frame, as the console checks it.
    expect(luma(x + step * CLOCK_BITS - 1, y + Math.floor(size / 2))).toBeLessThan(64);
    let clock = 0;
    for (let bit = 0; bit < CLOCK_BITS; bit++) {
      if (luma(x + step * bit + Math.floor(size / 2), y + Math.floor(size / 2)) > 128) clock += 2 ** bit;
    }
    const delay = ((((readAt % 2 ** CLOCK_BITS) - clock) % 2 ** CLOCK_BITS) + 2 ** CLOCK_BITS) % 2 ** CLOCK_BITS;
    expect(delay).toBeLessThan(10_000);
  });
});

/** The argument files the stand-in encoder wrote. */
function readdirArgs(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith('args-'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}
