import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../src/credentials.js';
import { SimDevice } from '../src/device.js';
import { type Fleet, startFleet } from '../src/fleet.js';
import { type Harness, PROVISIONING_KEY, startHarness, type UpMessage, waitFor } from './harness.js';

/** The envelope every message carries (docs/device-protocol.md, Messages). */
function expectEnvelope(message: UpMessage): void {
  const { v, id, at } = message.payload;
  expect(v).toBe(1);
  expect(typeof id === 'string' && id.length > 0).toBe(true);
  expect(typeof at === 'number' && Math.abs(at - Date.now()) < 60_000).toBe(true);
}

/** A `gps` payload as the protocol allows it. */
function expectGps(message: UpMessage): void {
  expectEnvelope(message);
  const points = message.payload.points as Array<Record<string, number>>;
  expect(Array.isArray(points) && points.length >= 1 && points.length <= 500).toBe(true);
  for (const p of points) {
    expect(Object.keys(p).sort()).toEqual(['dbm', 'heading', 'lat', 'lng', 'speed', 't']);
    expect(Number.isInteger(p.t) && Math.abs((p.t ?? 0) - Date.now()) < 60_000).toBe(true);
    expect(p.lat).toBeGreaterThanOrEqual(57);
    expect(p.lat).toBeLessThanOrEqual(62);
    expect(p.lng).toBeGreaterThanOrEqual(10);
    expect(p.lng).toBeLessThanOrEqual(19);
    expect(p.speed).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(p.heading) && (p.heading ?? -1) >= 0 && (p.heading ?? 360) <= 359).toBe(true);
    expect(Number.isInteger(p.dbm) && (p.dbm ?? 1) <= 0 && (p.dbm ?? -141) >= -140).toBe(true);
  }
}

describe('the simulator speaks docs/device-protocol.md to a broker', () => {
  let harness: Harness;
  let fleet: Fleet;
  const credentials = memoryCredentialStore();
  const uuids = ['SIM-0001', 'SIM-0002', 'SIM-0003'];
  const upOf = (uuid: string, kind: string) => harness.upOf(uuid, kind);

  beforeAll(async () => {
    harness = await startHarness();
    fleet = startFleet({
      ...harness.access,
      devices: 3,
      credentials,
      gpsIntervalMs: 50,
      gpsBatch: 3,
      seed: 11,
      speedFactor: 20,
      connectConcurrency: 2,
      reconnectDelayMs: { min: 200, max: 400 },
    });
    await fleet.ready(10_000);
  });

  afterAll(async () => {
    await fleet?.stop();
    await harness?.close();
  });

  it('connects with clientId = username = uuid, the provisioning key, a persistent session and keep-alive 30 s', () => {
    expect(fleet.devices.map((d) => d.uuid)).toEqual(uuids);
    for (const uuid of uuids) {
      const first = harness.connects.find((c) => c.packet.clientId === uuid);
      expect(first?.packet).toMatchObject({ clientId: uuid, username: uuid, clean: false, keepalive: 30 });
      expect(first?.password).toBe(PROVISIONING_KEY);
    }
  });

  it('leaves a retained, QoS 1 last will of status offline', () => {
    for (const uuid of uuids) {
      const will = harness.connects.find((c) => c.packet.clientId === uuid)?.packet.will;
      expect(will).toMatchObject({ topic: `dev/${uuid}/up/status`, qos: 1, retain: true });
      const payload = JSON.parse(String(will?.payload));
      expect(payload).toMatchObject({ v: 1, online: false });
      expect(typeof payload.id).toBe('string');
    }
  });

  it('subscribes to its down topics with QoS 1', async () => {
    for (const device of fleet.devices) {
      // Aedes keeps a persistent session's subscriptions: the device's own filter, QoS 1.
      const subscriptions = await waitFor(async () => {
        const found = await harness.subscriptionsOf(device.uuid);
        return found.length > 0 ? found : undefined;
      }, `subscription of ${device.uuid}`);
      expect(subscriptions).toEqual([expect.objectContaining({ topic: `dev/${device.uuid}/down/#`, qos: 1 })]);
    }
  });

  it('publishes status online, then hello, then GPS batches', async () => {
    for (const uuid of uuids) {
      await harness.waitFor(() => upOf(uuid, 'gps').length >= 2, `gps of ${uuid}`);
      const kinds = harness.up.filter((m) => m.uuid === uuid).map((m) => m.kind);
      expect(kinds.slice(0, 2)).toEqual(['status', 'hello']);
      // Then what it runs: health, and the configuration (the factory one: version 0).
      expect(kinds.slice(2, 4)).toEqual(['health', 'configReport']);
      expect(upOf(uuid, 'configReport')[0]?.payload).toMatchObject({ version: 0, settings: { gpsBatch: 3, uploadIntervalSeconds: 1 } });
      const [status] = upOf(uuid, 'status');
      expect(status?.payload).toMatchObject({ online: true });
      if (status) expectEnvelope(status);

      const [hello] = upOf(uuid, 'hello');
      if (!hello) throw new Error('no hello');
      expectEnvelope(hello);
      expect(typeof hello.payload.version).toBe('string');
      expect(hello.payload.iccid).toMatch(/^\d{19,20}$/);
      expect(
        Number.isInteger(hello.payload.channels) && (hello.payload.channels as number) >= 1 && (hello.payload.channels as number) <= 16,
      ).toBe(true);
      expect(typeof hello.payload.name).toBe('string');

      for (const gps of upOf(uuid, 'gps')) {
        expectGps(gps);
        expect((gps.payload.points as unknown[]).length).toBe(3);
      }
    }
  });

  it('uses a new message id for every message, and GPS times that never repeat', () => {
    for (const uuid of uuids) {
      const ids = harness.up.filter((m) => m.uuid === uuid).map((m) => m.payload.id);
      expect(new Set(ids).size).toBe(ids.length);
      const times = upOf(uuid, 'gps').flatMap((m) => (m.payload.points as Array<{ t: number }>).map((p) => p.t));
      expect(new Set(times).size).toBe(times.length);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
  });

  it('keeps the secret of down/credential, acknowledges it, and connects with it from then on', async () => {
    const [device] = fleet.devices;
    if (!device) throw new Error('no device');
    const downs: string[] = [];
    device.on('down', (kind) => downs.push(kind));
    harness.secrets.set(device.uuid, 'ds_secret_1'); // the portal now refuses the provisioning key for this device
    const ref = await harness.sendDown(device.uuid, 'credential', { secret: 'ds_secret_1' });
    const ack = await harness.waitFor(() => upOf(device.uuid, 'ack').find((m) => m.payload.ref === ref), 'credential ack');
    expectEnvelope(ack);
    expect(ack.payload).toMatchObject({ ref, ok: true });
    expect(credentials.get(device.uuid)).toBe('ds_secret_1');
    expect(downs).toEqual(['credential']);

    const connectsBefore = harness.connects.length;
    device.drop();
    await harness.waitFor(
      () => harness.connects.slice(connectsBefore).find((c) => c.packet.clientId === device.uuid),
      'reconnection',
      15_000,
    );
    await waitFor(() => device.connected, 'connected again', 5_000);
    const again = harness.connects.slice(connectsBefore).find((c) => c.packet.clientId === device.uuid);
    expect(again?.password).toBe('ds_secret_1');
    expect(device.stats.drops).toBe(1);
  }, 20_000);

  it('applies down/config and answers a bad or unknown command with ok: false', async () => {
    const device = fleet.devices[1];
    if (!device) throw new Error('no device');
    const okRef = await harness.sendDown(device.uuid, 'config', { version: 1, settings: { uploadIntervalSeconds: 1, gpsBatch: 2 } });
    const badRef = await harness.sendDown(device.uuid, 'config', { version: 2, settings: { gpsBatch: 0 }, partial: true });
    const unknownRef = await harness.sendDown(device.uuid, 'selfDestruct', {});
    const acks = () => upOf(device.uuid, 'ack');
    await harness.waitFor(() => acks().length >= 3 || undefined, 'three acks');
    expect(acks().find((m) => m.payload.ref === okRef)?.payload).toMatchObject({ ok: true, result: { version: 1 } });
    expect(acks().find((m) => m.payload.ref === badRef)?.payload).toMatchObject({ ok: false, error: expect.stringMatching(/gpsBatch/) });
    expect(acks().find((m) => m.payload.ref === unknownRef)?.payload).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unsupported/),
    });
    expect(device.gpsSettings).toEqual({ gpsIntervalMs: 1_000, gpsBatch: 2 });
    const before = upOf(device.uuid, 'gps').length;
    const next = await harness.waitFor(() => upOf(device.uuid, 'gps')[before], 'a gps batch after config', 8_000);
    expect((next.payload.points as unknown[]).length).toBe(2);
  });

  it('has the broker publish its retained last will when the connection dies abruptly', async () => {
    const device = fleet.devices[2];
    if (!device) throw new Error('no device');
    const willId = JSON.parse(String(harness.connects.findLast((c) => c.packet.clientId === device.uuid)?.packet.will?.payload)).id;
    const seen = harness.up.length;
    device.client.stream.destroy();
    const will = await harness.waitFor(
      () => harness.up.slice(seen).find((m) => m.uuid === device.uuid && m.kind === 'status'),
      'last will',
    );
    expect(will.payload).toMatchObject({ v: 1, id: willId, online: false });
    // It is retained: a console that looks later still sees the device offline (until it is back).
    expect(await harness.retained(`dev/${device.uuid}/up/status`)).toMatchObject({ id: willId, online: false });
    // Back after a few seconds, online again, with the status retained as online.
    const back = await harness.waitFor(
      () => harness.up.slice(seen).find((m) => m.uuid === device.uuid && m.kind === 'status' && m.payload.online === true),
      'status online again',
      15_000,
    );
    expectEnvelope(back);
  }, 20_000);

  it('takes new commands through handle() and new up kinds through publish(), which adds the envelope', async () => {
    const device = fleet.devices[1];
    if (!device) throw new Error('no device');
    device.handle('immobilize', (message) => ({ ok: message.reason === 'theft', error: 'no reason' }));
    const ref = await harness.sendDown(device.uuid, 'immobilize', { reason: 'theft' });
    expect(await harness.ackOf(device.uuid, ref)).toMatchObject({ ok: true });

    expect(await device.publish('sos', { level: 2, at: 1_763_900_000_000 })).toBe(true);
    const sos = await harness.waitFor(() => upOf(device.uuid, 'sos')[0], 'sos');
    expect(sos.payload).toMatchObject({ v: 1, at: 1_763_900_000_000, level: 2 });
    expect(typeof sos.payload.id).toBe('string');
  });

  it('is refused with a wrong key and tries again later, without crashing', async () => {
    const stranger = new SimDevice({ uuid: 'SIM-STRANGER', brokerUrl: harness.url, provisioningKey: 'pk_wrong', gpsIntervalMs: 50 });
    const problems: Error[] = [];
    stranger.on('problem', (error) => problems.push(error));
    expect(await stranger.start()).toBe(false);
    expect(stranger.stats).toMatchObject({ connected: false, refused: 1, connects: 0 });
    expect(problems[0]?.message).toMatch(/Bad username or password|bad user name or password/i);
    await stranger.stop();
  });

  it('stops gracefully: last points, then status offline that is not the will', async () => {
    const seen = harness.up.length;
    const wills = new Set(harness.connects.flatMap((c) => (c.packet.will ? [JSON.parse(String(c.packet.will.payload)).id] : [])));
    await fleet.stop();
    for (const uuid of uuids) {
      const offline = harness.up.slice(seen).filter((m) => m.uuid === uuid && m.kind === 'status');
      expect(offline).toHaveLength(1);
      expect(offline[0]?.payload.online).toBe(false);
      expect(wills.has(offline[0]?.payload.id)).toBe(false);
      // Nothing after the goodbye.
      expect(
        harness.up
          .slice(seen)
          .filter((m) => m.uuid === uuid)
          .at(-1)?.kind,
      ).toBe('status');
    }
    for (const device of fleet.devices) expect(device.connected).toBe(false);
    const stats = fleet.stats();
    expect(stats.connected).toBe(0);
    expect(stats.inflight).toBe(0);
    expect(stats.pointsAcked).toBe(stats.pointsSent);
    expect(stats.acked).toBe(stats.published);
  });
});

/** Each test below gets a broker of its own: what it counts there is its own devices' traffic only. */
describe('on a fresh broker', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness();
  });
  afterEach(async () => {
    await harness?.close();
  });
  /** A device that provisions itself on the broker and samples GPS every `gpsIntervalMs`, sending `gpsBatch` points a message. */
  const deviceOnBroker = (uuid: string, gpsIntervalMs: number, gpsBatch: number) =>
    new SimDevice({ uuid, ...harness.access, gpsIntervalMs, gpsBatch });

  describe('back-pressure', () => {
    it('never has more than 100 unacknowledged publishes, and resumes when acknowledgements come', async () => {
      const device = deviceOnBroker('SLOW-1', 5, 1);
      harness.holdAcks.add('SLOW-1');
      let most = 0;
      const watch = setInterval(() => {
        most = Math.max(most, device.stats.inflight);
      }, 2);
      try {
        expect(await device.start()).toBe(true);
        await waitFor(() => device.stats.inflight >= 100 || undefined, '100 in flight');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(device.stats.inflight).toBe(100);
        expect(device.stats.acked).toBe(0);
        expect(device.stats.backlog).toBeGreaterThan(0); // points wait in the device, not in the MQTT client
        harness.holdAcks.delete('SLOW-1');
        for (const release of harness.held.splice(0)) release();
        await waitFor(() => device.stats.acked > 150, 'acks flowing again');
        expect(most).toBeLessThanOrEqual(100);
        // The backlog left in catch-up batches larger than gpsBatch.
        expect(device.stats.pointsAcked).toBeGreaterThan(device.stats.acked);
      } finally {
        clearInterval(watch);
        await device.stop();
      }
    }, 20_000);
  });

  describe('random disconnects', () => {
    it('drops now and then, comes back, and loses no GPS point on the way', async () => {
      const fleet = startFleet({
        ...harness.access,
        devices: 2,
        uuidPrefix: 'FLAKY-',
        gpsIntervalMs: 20,
        gpsBatch: 2,
        disconnectEveryMs: 400,
        reconnectDelayMs: { min: 100, max: 200 },
      });
      await fleet.ready(5_000);
      await waitFor(() => fleet.devices.every((d) => d.stats.drops >= 3), 'three drops each', 15_000);
      await fleet.ready(5_000);
      await fleet.stop();

      for (const device of fleet.devices) {
        const mine = harness.up.filter((m) => m.uuid === device.uuid);
        // Each loss published the will; each return published status online and hello again.
        const statuses = mine.filter((m) => m.kind === 'status');
        expect(statuses.filter((m) => m.payload.online === false).length).toBeGreaterThanOrEqual(device.stats.drops);
        expect(new Set(mine.filter((m) => m.kind === 'hello').map((m) => m.payload.id)).size).toBe(device.stats.connects);
        // A message resent after a lost PUBACK keeps its id, so counting by id counts each batch once.
        const batches = new Map(mine.filter((m) => m.kind === 'gps').map((m) => [m.payload.id, m.payload.points as Array<{ t: number }>]));
        const times = [...batches.values()].flat().map((p) => p.t);
        expect(new Set(times).size).toBe(times.length);
        expect(times.length).toBe(device.stats.pointsSent);
        expect(device.stats.pointsAcked).toBe(device.stats.pointsSent);
      }
    }, 30_000);
  });

  describe('disconnect() and reconnect()', () => {
    it('go offline properly, keep sampling meanwhile, and deliver the points after coming back', async () => {
      const device = deviceOnBroker('PAUSE-1', 20, 2);
      const mine = (kind: string) => harness.up.filter((m) => m.uuid === 'PAUSE-1' && m.kind === kind);
      try {
        expect(await device.start()).toBe(true);
        await harness.waitFor(() => mine('gps').length >= 2, 'gps before the pause');
        await device.disconnect();
        expect(device.connected).toBe(false);
        const offline = await harness.waitFor(() => mine('status').find((m) => m.payload.online === false), 'status offline');
        const will = JSON.parse(String(harness.connects.at(-1)?.packet.will?.payload));
        expect(offline.payload.id).not.toBe(will.id);

        const gpsWhileAway = mine('gps').length;
        const pause = { from: Date.now(), to: 0 };
        await new Promise((resolve) => setTimeout(resolve, 300));
        pause.to = Date.now();
        expect(mine('gps').length).toBe(gpsWhileAway);
        expect(device.stats.backlog).toBeGreaterThan(5);

        device.reconnect();
        await harness.waitFor(() => mine('hello').length >= 2, 'hello again');
        await harness.waitFor(() => device.stats.backlog < 2, 'backlog sent');
        expect(mine('status').at(-1)?.payload.online).toBe(true);
        await device.stop();
        const times = mine('gps').flatMap((m) => (m.payload.points as Array<{ t: number }>).map((p) => p.t));
        expect(new Set(times).size).toBe(times.length);
        expect(times.length).toBe(device.stats.pointsSent);
        // The points of the pause came late, but came.
        expect(times.filter((t) => t > pause.from && t < pause.to).length).toBeGreaterThanOrEqual(5);
      } finally {
        await device.stop();
      }
    }, 20_000);
  });
});
