import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import { count, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint, vehicle } from '../src/db/schema.js';
import { hashToken } from '../src/http/tokens.js';
import {
  busRecorder,
  connectDevice,
  gatewayOnTestDatabase,
  message,
  nextMessage,
  refusal,
  seedCompany,
  track,
  waitFor,
} from './gateway-fixtures.js';

const { database, bus, devicePort, port, logLines, close } = await gatewayOnTestDatabase({ commandTimeoutMs: 2_000 });
afterAll(close, 60_000);
/** What the gateway's reports pushed to the consoles. */
const pushed = busRecorder(bus, ['presence', 'position']);
const acme = await seedCompany(database.db, 'Acme');

const deviceRow = async (uuid: string) => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0];
const vehicleRow = async (id: number) => (await database.db.select().from(vehicle).where(eq(vehicle.id, id)))[0];
const pointsOf = async (deviceId: number) =>
  (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, deviceId)))[0]?.n ?? 0;

/** Provisions a device with the company key and returns its secret, acknowledged. */
async function provision(uuid: string, company = acme): Promise<string> {
  const client = await connectDevice(port, uuid, company.key);
  await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
  const credential = nextMessage(client, '/down/credential');
  await client.publishAsync(`dev/${uuid}/up/hello`, message({ version: '2.4.1', iccid: '89460000000000000012', channels: 4 }), { qos: 1 });
  const { body } = await credential;
  await client.publishAsync(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
  await client.endAsync();
  // The disconnect is written asynchronously: wait for it, so it cannot land in the middle of the next step.
  await waitFor(async () => (await deviceRow(uuid))?.online === false);
  return String(body.secret);
}

describe('device gateway: identity', () => {
  it('creates an unknown device under the company of its provisioning key and sends it a secret', async () => {
    const client = await connectDevice(port, 'DVR-0001', acme.key);
    const row = await deviceRow('DVR-0001');
    expect(row).toMatchObject({ belongCompanyId: acme.companyId, belongAgentId: acme.agentId, belongFleetId: null, vehicleId: null });
    const granted = await client.subscribeAsync('dev/DVR-0001/down/#', { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    const credential = nextMessage(client, 'dev/DVR-0001/down/credential');
    await client.publishAsync('dev/DVR-0001/up/hello', message({ version: '2.4.1', iccid: '89460000000000000012', channels: 4 }), {
      qos: 1,
    });
    const { body } = await credential;
    expect(body).toMatchObject({ v: 1, secret: expect.stringMatching(/^ds_[A-Za-z0-9_-]{43}$/) });
    expect(await deviceRow('DVR-0001')).toMatchObject({ version: '2.4.1', iccid: '89460000000000000012', channels: 4, online: true });
    // Not stored before the device acknowledged it: the key still opens the device meanwhile.
    expect((await deviceRow('DVR-0001'))?.secretHash).toBeNull();
    await client.publishAsync('dev/DVR-0001/up/ack', message({ ref: body.id, ok: true }), { qos: 1 });
    expect((await deviceRow('DVR-0001'))?.secretHash).toBe(hashToken(String(body.secret)));
    await client.endAsync();

    const again = await connectDevice(port, 'DVR-0001', String(body.secret));
    await again.endAsync();
    expect(await refusal(port, 'DVR-0001', acme.key)).toBe(4);
  });

  it('refuses a wrong secret, an unknown device without a key, and a user name that is not the client id', async () => {
    await provision('DVR-0002');
    expect(await refusal(port, 'DVR-0002', 'ds_wrong')).toBe(4);
    expect(await refusal(port, 'DVR-UNKNOWN', 'pk_not_a_key')).toBe(4);
    expect(await deviceRow('DVR-UNKNOWN')).toBeUndefined();
    await expect(connectDevice(port, 'DVR-0002', acme.key, { username: 'DVR-0003' })).rejects.toMatchObject({ code: 4 });
  });

  it('refuses a new device when the company or the agent quota is full, and gives the last place once', async () => {
    const small = await seedCompany(database.db, 'Small', { companyQuota: 2 });
    await provision('SMALL-1', small);
    // Two devices race for the one place left.
    const results = await Promise.all([refusal(port, 'SMALL-2', small.key), refusal(port, 'SMALL-3', small.key)]);
    expect(results.sort()).toEqual([0, 5]);
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(device).where(eq(device.belongCompanyId, small.companyId));
    expect(n).toBe(2);

    const agentFull = await seedCompany(database.db, 'AgentFull', { agentQuota: 0 });
    expect(await refusal(port, 'AGENT-1', agentFull.key)).toBe(5);
  });

  it('refuses devices of a forbidden company, new or known', async () => {
    const banned = await seedCompany(database.db, 'Banned', { forbidden: true });
    expect(await refusal(port, 'BANNED-1', banned.key)).toBe(4);
    const later = await seedCompany(database.db, 'Later');
    const secret = await provision('LATER-1', later);
    await database.db.execute(sql`update org set state = 'forbidden' where id = ${later.companyId}`);
    expect(await refusal(port, 'LATER-1', secret)).toBe(4);
  });

  it("does not open another company's device with a provisioning key", async () => {
    const other = await seedCompany(database.db, 'Other');
    const client = await connectDevice(port, 'ACME-KEYONLY', acme.key);
    await client.endAsync();
    expect(await refusal(port, 'ACME-KEYONLY', other.key)).toBe(4);
  });
});

describe('device gateway: topics', () => {
  it("keeps a device out of another device's topics: the publish never reaches the database", async () => {
    const mine = await provision('ACL-A');
    await provision('ACL-B');
    const victim = await deviceRow('ACL-B');
    const client = await connectDevice(port, 'ACL-A', mine);
    const refused = await client.subscribeAsync(['dev/ACL-B/down/#', 'dev/ACL-A/up/#', '$SYS/#', '#'], { qos: 1 }).catch((err) => err);
    expect(refused.packet.granted).toEqual([128, 128, 128, 128]);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('dev/ACL-B/up/gps', message({ points: track(Date.now() - 60_000, 3) }), { qos: 1 });
    await closed; // the broker drops a connection that publishes where it may not
    client.end(true);
    expect(await pointsOf(victim?.id ?? 0)).toBe(0);
  });

  it('refuses retained messages other than the presence status', async () => {
    const secret = await provision('ACL-RETAIN');
    const client = await connectDevice(port, 'ACL-RETAIN', secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('dev/ACL-RETAIN/up/gps', message({ points: track(Date.now() - 60_000, 2) }), { qos: 1, retain: true });
    await closed;
    client.end(true);
    expect(await pointsOf((await deviceRow('ACL-RETAIN'))?.id ?? 0)).toBe(0);
  });
});

describe('device gateway: presence', () => {
  it('marks a device online and offline and adds up the connected time', async () => {
    const secret = await provision('PRES-1');
    const row = await deviceRow('PRES-1');
    await database.db.update(device).set({ connectedSeconds: 0 }).where(eq(device.deviceUuid, 'PRES-1'));
    const client = await connectDevice(port, 'PRES-1', secret);
    await client.publishAsync('dev/PRES-1/up/status', message({ online: true }), { qos: 1, retain: true });
    const online = await deviceRow('PRES-1');
    expect(online).toMatchObject({ online: true });
    expect(online?.firstOnlineAt).toBeInstanceOf(Date);
    expect(pushed.presence).toContainEqual(expect.objectContaining({ deviceId: row?.id, online: true }));
    // Pretend the connection started an hour ago.
    await database.db.execute(sql`update device set last_online_at = now() - interval '1 hour' where device_uuid = 'PRES-1'`);
    await client.publishAsync('dev/PRES-1/up/status', message({ online: false }), { qos: 1, retain: true });
    const offline = await deviceRow('PRES-1');
    expect(offline).toMatchObject({ online: false });
    // Whole seconds, and the portal's clock has milliseconds where the database's has microseconds.
    expect(offline?.connectedSeconds).toBeGreaterThanOrEqual(3599);
    expect(offline?.connectedSeconds).toBeLessThan(3610);
    expect(offline?.lastOfflineAt).toBeInstanceOf(Date);
    await client.endAsync();
  });

  it('takes the last will, or a disconnect without one, as offline', async () => {
    const secret = await provision('PRES-2');
    const will = { topic: 'dev/PRES-2/up/status', payload: message({ online: false }), qos: 1 as const, retain: true };
    const client = await connectDevice(port, 'PRES-2', secret, { will });
    await client.publishAsync('dev/PRES-2/up/status', message({ online: true }), { qos: 1, retain: true });
    expect((await deviceRow('PRES-2'))?.online).toBe(true);
    client.stream.destroy(); // the connection drops without a DISCONNECT: the broker publishes the will
    await waitFor(async () => (await deviceRow('PRES-2'))?.online === false);
    client.end(true);

    const quiet = await connectDevice(port, 'PRES-2', secret);
    await quiet.publishAsync('dev/PRES-2/up/hello', message({ version: '2.4.2', channels: 2 }), { qos: 1 });
    expect(await deviceRow('PRES-2')).toMatchObject({ online: true, version: '2.4.2', channels: 2 });
    await quiet.endAsync(); // a clean DISCONNECT, no will
    await waitFor(async () => (await deviceRow('PRES-2'))?.online === false);
  });

  it('keeps a device online when a new connection takes over the old one', async () => {
    const secret = await provision('PRES-3');
    const will = { topic: 'dev/PRES-3/up/status', payload: message({ online: false }), qos: 1 as const, retain: true };
    const first = await connectDevice(port, 'PRES-3', secret, { will });
    await first.publishAsync('dev/PRES-3/up/status', message({ online: true }), { qos: 1, retain: true });
    const second = await connectDevice(port, 'PRES-3', secret, { will });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await deviceRow('PRES-3'))?.online).toBe(true);
    first.end(true);
    await second.endAsync();
  });
});

describe('device gateway: gps', () => {
  it('stores a batch, moves the live position, and acknowledges only once the rows are in the database', async () => {
    const secret = await provision('GPS-1');
    const row = await deviceRow('GPS-1');
    const client = await connectDevice(port, 'GPS-1', secret);
    const t0 = Date.now() - 120_000;
    await client.publishAsync('dev/GPS-1/up/gps', message({ points: track(t0, 20) }), { qos: 1 });
    // Straight after the PUBACK, with no waiting: the points are stored.
    expect(await pointsOf(row?.id ?? 0)).toBe(20);
    const moved = await deviceRow('GPS-1');
    expect(moved?.positionAt?.getTime()).toBe(t0 + 19_000);
    expect(moved).toMatchObject({ speed: 36, heading: 90, dbm: -71 });
    await client.endAsync();
  });

  it('adds the distance and running time to the bound vehicle, once for a resent batch', async () => {
    const secret = await provision('GPS-2');
    const row = await deviceRow('GPS-2');
    const [car] = await database.db
      .insert(vehicle)
      .values({ licensePlate: 'EL 12345', belongAgentId: acme.agentId, belongCompanyId: acme.companyId })
      .returning();
    const t0 = Date.now() - 600_000;
    await database.db
      .update(device)
      .set({ vehicleId: car?.id, boundAt: new Date(t0 - 1000) })
      .where(eq(device.id, row?.id ?? 0));
    await devicePort.forget('GPS-2');
    const client = await connectDevice(port, 'GPS-2', secret);
    const first = message({ points: track(t0, 61) }); // 60 s at 10 m/s
    await client.publishAsync('dev/GPS-2/up/gps', first, { qos: 1 });
    const after = await vehicleRow(car?.id ?? 0);
    expect(after?.drivenMeters).toBeGreaterThanOrEqual(599);
    expect(after?.drivenMeters).toBeLessThanOrEqual(601);
    expect(after?.runningSeconds).toBe(60);
    // The bound vehicle's new live position went to the consoles.
    const newest = { vehicleId: car?.id, deviceId: row?.id, position: expect.objectContaining({ time: t0 + 60_000 }) };
    expect(pushed.position).toContainEqual(expect.objectContaining(newest));
    const stored = await database.db
      .select({ vehicleId: gpsPoint.vehicleId })
      .from(gpsPoint)
      .where(eq(gpsPoint.deviceId, row?.id ?? 0));
    expect(stored.every((p) => p.vehicleId === car?.id)).toBe(true);

    await client.publishAsync('dev/GPS-2/up/gps', first, { qos: 1 }); // the same message again
    expect(await pointsOf(row?.id ?? 0)).toBe(61);
    const resent = await vehicleRow(car?.id ?? 0);
    expect(resent?.drivenMeters).toBe(after?.drivenMeters);

    // The next batch continues from the stored position; a jump of 50 km in a second is not driving.
    const next = track(t0 + 61_000, 10, 10, { lat: 59.91, lng: 10.75 + 610 / (111_320 * Math.cos((59.91 * Math.PI) / 180)) });
    next.push({ ...next[9], t: t0 + 71_000, lat: 60.4 } as (typeof next)[number]);
    await client.publishAsync('dev/GPS-2/up/gps', message({ points: next }), { qos: 1 });
    const later = await vehicleRow(car?.id ?? 0);
    expect(later?.drivenMeters).toBeGreaterThanOrEqual(699);
    expect(later?.drivenMeters).toBeLessThanOrEqual(701);
    await client.endAsync();
  });

  it('acknowledges and drops a malformed message, logging the device', async () => {
    const secret = await provision('GPS-BAD');
    const row = await deviceRow('GPS-BAD');
    const client = await connectDevice(port, 'GPS-BAD', secret);
    await client.publishAsync('dev/GPS-BAD/up/gps', Buffer.from('{not json'), { qos: 1 });
    await client.publishAsync('dev/GPS-BAD/up/gps', message({ points: [{ t: Date.now(), lat: 91, lng: 0, speed: 0, heading: 0 }] }), {
      qos: 1,
    });
    await client.publishAsync('dev/GPS-BAD/up/gps', Buffer.from(JSON.stringify({ v: 2, id: 'x', at: Date.now(), points: [] })), { qos: 1 });
    await client.publishAsync('dev/GPS-BAD/up/gps', message({ points: [] }), { qos: 1 });
    expect(await pointsOf(row?.id ?? 0)).toBe(0);
    const warnings = logLines.filter((line) => line.device === 'GPS-BAD' && line.msg === 'device message dropped');
    expect(warnings).toHaveLength(4);
    // The device's queue is not blocked: a good message after them is stored.
    await client.publishAsync('dev/GPS-BAD/up/gps', message({ points: track(Date.now() - 5_000, 2) }), { qos: 1 });
    expect(await pointsOf(row?.id ?? 0)).toBe(2);
    await client.endAsync();
  });
});

describe('device gateway: commands', () => {
  it("resolves with the device's ack, rejects on a refusal and on silence", async () => {
    const secret = await provision('CMD-1');
    const client = await connectDevice(port, 'CMD-1', secret);
    await client.subscribeAsync('dev/CMD-1/down/#', { qos: 1 });
    client.on('message', (topic, payload) => {
      const body = JSON.parse(payload.toString());
      if (topic.endsWith('/config')) {
        const ok = body.settings.gpsBatch <= 500;
        client.publish('dev/CMD-1/up/ack', message({ ref: body.id, ok, ...(ok ? {} : { error: 'gpsBatch too large' }) }), { qos: 1 });
      }
    });
    const config = { version: 1, settings: { uploadIntervalSeconds: 5, gpsBatch: 10 } };
    await expect(devicePort.send('CMD-1', 'config', config)).resolves.toMatchObject({ ok: true });
    const tooLarge = { version: 2, settings: { gpsBatch: 900 }, partial: true };
    await expect(devicePort.send('CMD-1', 'config', tooLarge)).rejects.toThrow(/gpsBatch too large/);
    // This device answers only `config`.
    await expect(devicePort.send('CMD-1', 'configGet', {}, 300)).rejects.toThrow(/in time/);
    await client.endAsync();
  });
});

describe('Aedes', () => {
  it('acknowledges a QoS 1 publish before its subscribers finish, which is why the gateway writes in authorizePublish', async () => {
    const broker = await Aedes.createBroker();
    const server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const brokerPort = (server.address() as { port: number }).port;
    let finished = false;
    broker.subscribe(
      'probe/#',
      (_packet, done) => {
        setTimeout(() => {
          finished = true;
          done();
        }, 500);
      },
      () => {},
    );
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, { reconnectPeriod: 0 });
    await client.publishAsync('probe/1', 'x', { qos: 1 });
    expect(finished).toBe(false);
    await client.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    server.close();
  });
});
