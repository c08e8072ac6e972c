import { count, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, deviceAlert, gpsPoint, incident, sos } from '../src/db/schema.js';
import { DropLog } from '../src/device-port/drops.js';
import { capturedLog, connectDevice, gatewayOnTestDatabase, message, seedCompany, track, waitFor } from './gateway-fixtures.js';

/**
 * Every up message kind of docs/device-protocol.md fed what its schema (or the rules next to it) refuses, through the
 * real gateway: each is acknowledged (the PUBACK comes), dropped, counted by kind, and nothing is stored; the gateway
 * never throws and the device's next good message goes through. The warning lines are rate-limited per device.
 */

const { database, gateway, port, logLines, close } = await gatewayOnTestDatabase({ commandTimeoutMs: 2_000 });
afterAll(close, 60_000);

const now = Date.now();
const point = { t: now - 5_000, lat: 59.91, lng: 10.75, speed: 36, heading: 90, dbm: -71 };
const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const good = {
  incident: { type: 'collision', triggerAt: now - 60_000, speed: 30, channel: 1, resources: [] as unknown[] },
  upload: { incidentMessageId: 'i-1', resourceId: 'a.jpg', state: 1, size: 10, sha256: 'a'.repeat(64), contentType: 'image/jpeg' },
  sos: { state: 'start', time: now - 1_000, lat: 59.9, lng: 10.7, speed: 20 },
};

/** Payloads each kind's schema or rules refuse (the envelope is added by `message`). */
const refusedBodies: Record<string, Array<Record<string, unknown>>> = {
  status: [{}, { online: 'yes' }, { online: null }, { online: 1 }],
  gps: [
    {},
    { points: 'x' },
    { points: [] },
    { points: [null] },
    { points: [{ ...point, lat: 91 }] },
    { points: [{ ...point, lng: -181 }] },
    { points: [{ ...point, t: 'now' }] },
    { points: [{ ...point, t: now + 2 * 86_400_000 }] },
    { points: [{ ...point, t: 5 }] },
    { points: [{ ...point, heading: 360 }] },
    { points: [{ ...point, speed: -1 }] },
    { points: [{ ...point, dbm: -141 }] },
    { points: [{ ...point, speed: undefined }] },
    { points: many(501, () => point) },
    { points: many(100_000, () => point) },
  ],
  ack: [{}, { ref: '', ok: true }, { ref: 'x' }, { ref: 5, ok: true }, { ref: 'x', ok: 'yes' }],
  incident: [
    { ...good.incident, type: 'alienAbduction' },
    { ...good.incident, type: 5 },
    { ...good.incident, channel: 17 },
    { ...good.incident, channel: 1.5 },
    { ...good.incident, speed: -1 },
    { ...good.incident, triggerAt: undefined },
    { ...good.incident, triggerAt: 5 },
    { ...good.incident, triggerAt: now + 2 * 86_400_000 },
    { ...good.incident, localTime: 'x'.repeat(65) },
    { ...good.incident, description: 'x'.repeat(201) },
    { ...good.incident, lat: 59.9 },
    { ...good.incident, lat: 91, lng: 10 },
    { ...good.incident, resources: 'none' },
    { ...good.incident, resources: many(17, (i) => ({ id: `p${i}.jpg`, kind: 'picture', channel: 1 })) },
    { ...good.incident, resources: many(10_000, (i) => ({ id: `p${i}.jpg`, kind: 'picture', channel: 1 })) },
    { ...good.incident, resources: [{ id: 'a.wav', kind: 'audio', channel: 1 }] },
    { ...good.incident, resources: [{ id: 'a\u0007.jpg', kind: 'picture', channel: 1 }] },
    { ...good.incident, resources: [{ id: 'x'.repeat(65), kind: 'picture', channel: 1 }] },
    {
      ...good.incident,
      resources: [
        { id: 'a.jpg', kind: 'picture', channel: 1 },
        { id: 'a.jpg', kind: 'picture', channel: 2 },
      ],
    },
    { ...good.incident, resources: [{ id: 'a.mp4', kind: 'video', channel: 1, start: now - 1_000, end: now - 2_000 }] },
  ],
  upload: [
    {},
    { ...good.upload, state: 2 },
    { ...good.upload, state: '1' },
    { ...good.upload, sha256: undefined },
    { ...good.upload, sha256: 'z'.repeat(64) },
    { ...good.upload, size: 0 },
    { ...good.upload, size: 1.5 },
    { ...good.upload, contentType: '' },
    { ...good.upload, resourceId: '' },
    { ...good.upload, incidentMessageId: '' },
    { ...good.upload, incidentMessageId: 'x'.repeat(129) },
    { ...good.upload, state: 3, reason: 5 },
  ],
  sos: [
    {},
    { ...good.sos, state: 'pressed' },
    { ...good.sos, lng: undefined },
    { ...good.sos, time: 5 },
    { ...good.sos, time: 'now' },
    { ...good.sos, localTime: 'x'.repeat(65) },
    { ...good.sos, speed: 1001 },
    { state: 'stop', startId: '' },
    { state: 'stop', startId: { id: 1 } },
  ],
  health: [
    {},
    { faults: 'none' },
    { faults: [null] },
    { faults: [{ code: '' }] },
    { faults: [{ code: 5 }] },
    { faults: [{ code: 'cameraLost' }] },
    { faults: [{ code: 'cameraLost', channel: 17 }] },
    { faults: [{ code: 'gpsLost', channel: 1 }] },
    { faults: many(33, () => ({ code: 'gpsLost' })) },
    { faults: many(100_000, () => ({ code: 'gpsLost' })) },
  ],
};

/** Payloads whose envelope is refused, whatever the kind. */
const refusedEnvelopes: Buffer[] = [
  Buffer.from('{not json'),
  Buffer.from(''),
  Buffer.from('null'),
  Buffer.from('5'),
  Buffer.from('"text"'),
  Buffer.from('[]'),
  Buffer.from(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  Buffer.from(JSON.stringify({ v: 1 })),
  Buffer.from(JSON.stringify({ v: '1', id: 'x', at: now })),
  Buffer.from(JSON.stringify({ v: 1, id: '', at: now })),
  Buffer.from(JSON.stringify({ v: 1, id: 'x'.repeat(129), at: now })),
  Buffer.from(JSON.stringify({ v: 1, id: 1.5, at: now })),
  Buffer.from(JSON.stringify({ v: 1, id: 'x', at: 0 })),
  Buffer.from(JSON.stringify({ v: 1, id: 'x', at: 'now' })),
  Buffer.from('{"v":1,"id":"x","at":1e999}'),
  Buffer.from(JSON.stringify({ v: 2, id: 'x', at: now })),
  Buffer.from([0xff, 0xfe, 0x00, 0x01]),
];

let client: MqttClient;
const UUID = 'BAD-1';
const deviceId = async () => (await database.db.select({ id: device.id }).from(device).where(eq(device.deviceUuid, UUID)))[0]?.id ?? 0;
const rows = async () => {
  const id = await deviceId();
  const [points] = await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, id));
  const [incidents] = await database.db.select({ n: count() }).from(incident).where(eq(incident.deviceId, id));
  const [sosRows] = await database.db.select({ n: count() }).from(sos).where(eq(sos.deviceId, id));
  const [alerts] = await database.db.select({ n: count() }).from(deviceAlert).where(eq(deviceAlert.deviceId, id));
  return { points: points?.n, incidents: incidents?.n, sos: sosRows?.n, alerts: alerts?.n };
};

describe('malformed up messages through the real gateway', () => {
  beforeAll(async () => {
    const company = await seedCompany(database.db, 'Malformed');
    client = await connectDevice(port, UUID, company.key);
  });
  afterAll(async () => {
    await client?.endAsync();
  });

  it('acknowledges, drops and counts what every kind’s schema refuses, storing nothing', { timeout: 60_000 }, async () => {
    const before = gateway.drops;
    for (const [kind, bodies] of Object.entries(refusedBodies)) {
      // publishAsync resolves at the PUBACK: every message is acknowledged, so none blocks the device's queue.
      for (const body of bodies) await client.publishAsync(`dev/${UUID}/up/${kind}`, message(body), { qos: 1 });
      expect(gateway.drops.byKind[kind] ?? 0, kind).toBe((before.byKind[kind] ?? 0) + bodies.length);
    }
    expect(await rows()).toEqual({ points: 0, incidents: 0, sos: 0, alerts: 0 });
  });

  it('acknowledges and counts a refused envelope under every kind, and a kind nobody knows', { timeout: 60_000 }, async () => {
    const before = gateway.drops;
    for (const kind of [...Object.keys(refusedBodies), 'hello', 'bogus']) {
      for (const payload of refusedEnvelopes) await client.publishAsync(`dev/${UUID}/up/${kind}`, payload, { qos: 1 });
    }
    await client.publishAsync(`dev/${UUID}/up/bogus`, message({ online: true }), { qos: 1 });
    const after = gateway.drops;
    expect(after.byKind.bogus ?? 0).toBe((before.byKind.bogus ?? 0) + refusedEnvelopes.length + 1);
    expect(after.byKind.hello ?? 0).toBe((before.byKind.hello ?? 0) + refusedEnvelopes.length);
    expect(after.total).toBe(before.total + (Object.keys(refusedBodies).length + 2) * refusedEnvelopes.length + 1);
    expect(await rows()).toEqual({ points: 0, incidents: 0, sos: 0, alerts: 0 });
  });

  it('writes at most 10 warning lines a minute for the device, however many it sends', () => {
    const lines = logLines.filter((line) => line.device === UUID && line.msg === 'device message dropped');
    expect(gateway.drops.total).toBeGreaterThan(100);
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => typeof line.reason === 'string' && line.reason.length > 0)).toBe(true);
    // The reasons name the field: a schema walk stops at the first problem, also in a list of 100,000 items.
    expect(lines.map((line) => line.reason)).toContain('online is missing');
  });

  it('ignores a hello field of the wrong form and an ack’s malformed error, not the message', async () => {
    const before = gateway.drops.total;
    await client.publishAsync(`dev/${UUID}/up/hello`, message({ version: 5, iccid: 'abc', channels: 99, name: '  ' }), { qos: 1 });
    await client.publishAsync(`dev/${UUID}/up/ack`, message({ ref: 'nobody', ok: false, error: 5, result: [1] }), { qos: 1 });
    expect(gateway.drops.total).toBe(before);
  });

  it('takes the device’s next good messages after all that', async () => {
    await client.publishAsync(`dev/${UUID}/up/gps`, message({ points: track(Date.now() - 5_000, 3) }), { qos: 1 });
    await client.publishAsync(`dev/${UUID}/up/health`, message({ faults: [{ code: 'gpsLost' }, { code: 'fanNoise', channel: 9 }] }), {
      qos: 1,
    });
    await client.publishAsync(`dev/${UUID}/up/incident`, message(good.incident), { qos: 1 });
    await waitFor(async () => (await rows()).alerts === 1);
    expect(await rows()).toMatchObject({ points: 3, incidents: 1, alerts: 1 });
  });
});

describe('the drop log', () => {
  it('counts every drop and writes at most N lines per device and window, then says how many it left out', () => {
    const log = capturedLog();
    let clock = 0;
    const drops = new DropLog(log.log, { linesPerWindow: 2, windowMs: 60_000, maxDevices: 2 }, () => clock);
    let reasons = 0;
    const reason = () => {
      reasons++;
      return 'bad';
    };
    for (let i = 0; i < 5; i++) drops.drop('A', 'gps', `m${i}`, reason);
    drops.drop('B', 'sos', undefined, reason);
    expect(drops.snapshot).toEqual({ total: 6, byKind: { gps: 5, sos: 1 } });
    expect(log.lines.map((line) => [line.device, line.id])).toEqual([
      ['A', 'm0'],
      ['A', 'm1'],
      ['B', undefined],
    ]);
    // The reason of a line not written is never worked out.
    expect(reasons).toBe(3);
    clock = 60_000;
    drops.drop('A', 'gps', 'm5', () => 'later');
    expect(log.lines.at(-1)).toMatchObject({ device: 'A', reason: 'later', suppressed: 3, msg: 'device message dropped' });
    // A third device while the map is full: the devices whose window ended are forgotten.
    drops.drop('C', 'gps', 'c', () => 'c');
    expect(log.lines.at(-1)).toMatchObject({ device: 'C' });
    // A reason that throws still gives a line.
    drops.drop('C', 'gps', 'c2', () => {
      throw new Error('boom');
    });
    expect(log.lines.at(-1)).toMatchObject({ device: 'C', reason: 'malformed' });
  });
});
