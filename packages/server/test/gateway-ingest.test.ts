import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBus } from '../src/bus/bus.js';
import type { Database } from '../src/db/client.js';
import { device, gpsPoint } from '../src/db/schema.js';
import { GpsIngest, type IngestOptions } from '../src/device-port/index.js';
import { driven } from '../src/device-port/mileage.js';
import { parseEnvelope, parseGps } from '../src/gateway/messages.js';
import { hashToken } from '../src/http/tokens.js';
import { haversineMeters } from '../src/places/distance.js';
import {
  type Company,
  capturedLog,
  connectDevice,
  message,
  nextMessage,
  nodeGateway,
  refusal,
  seedCompany,
  track,
} from './gateway-fixtures.js';
import { testDatabase } from './helpers.js';

let database: Database;
let company: Company;
const { log } = capturedLog();
const gateways: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  database = await testDatabase();
  company = await seedCompany(database.db, 'Ingest');
}, 60_000);
afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  await database?.close();
}, 60_000);

/** A node's gateway whose position writer is tuned so. */
async function gatewayWith(positions: Partial<IngestOptions>) {
  const node = await nodeGateway(database, { log, positions });
  gateways.push(node);
  return node.gateway;
}

async function addDevice(uuid: string, secret: string) {
  const [row] = await database.db
    .insert(device)
    .values({ deviceUuid: uuid, secretHash: hashToken(secret), belongAgentId: company.agentId, belongCompanyId: company.companyId })
    .returning();
  return row?.id ?? 0;
}

const pointsOf = async (deviceId: number) =>
  (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, deviceId)))[0]?.n ?? 0;

describe('gps ingest', () => {
  it('acknowledges a message only when its flush has committed', async () => {
    const gateway = await gatewayWith({ flushIntervalMs: 300 });
    const id = await addDevice('SLOW-1', 'ds_slow');
    const client = await connectDevice(gateway.port ?? 0, 'SLOW-1', 'ds_slow');
    const started = Date.now();
    await client.publishAsync('dev/SLOW-1/up/gps', message({ points: track(Date.now() - 10_000, 1) }), { qos: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await pointsOf(id)).toBe(1);
    await client.endAsync();
  });

  it('writes at 5,000 points without waiting for the interval', async () => {
    const gateway = await gatewayWith({ flushIntervalMs: 20_000 });
    // Ten devices: Aedes reads no more from a connection while its messages wait for their flush.
    const uuids = Array.from({ length: 10 }, (_, i) => `BIG-${i}`);
    const ids = await Promise.all(uuids.map((uuid) => addDevice(uuid, 'ds_big')));
    const clients = await Promise.all(uuids.map((uuid) => connectDevice(gateway.port ?? 0, uuid, 'ds_big')));
    const started = Date.now();
    await Promise.all(
      clients.map((client, i) =>
        client.publishAsync(`dev/${uuids[i]}/up/gps`, message({ points: track(Date.now() - 600_000, 500) }), { qos: 1 }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const id of ids) expect(await pointsOf(id)).toBe(500);
    await Promise.all(clients.map((client) => client.endAsync()));
  });

  it('holds new messages while too many points wait, and drops none', async () => {
    const id = await addDevice('PRESSURE-1', 'ds_pressure');
    const ingest = new GpsIngest(database.db, log, localBus(), { flushIntervalMs: 50, flushPoints: 1_000_000, maxPendingPoints: 1_000 });
    const t0 = Date.now() - 3_600_000;
    const order: string[] = [];
    const acked = (name: string) => () => order.push(name);
    void ingest.take('PRESSURE-1', track(t0, 500)).then(acked('first'));
    void ingest.take('PRESSURE-1', track(t0 + 500_000, 500)).then(acked('second'));
    void ingest.take('PRESSURE-1', track(t0 + 1_000_000, 500)).then(acked('third'));
    // The third waits outside the batch: at most maxPendingPoints (plus one message) are held.
    expect(ingest.pending).toBe(1_000);
    await ingest.drain();
    expect(order).toEqual(['first', 'second', 'third']);
    expect(await pointsOf(id)).toBe(1_500);
    expect(ingest.pending).toBe(0);
  });

  it('stores a secret whose ack was lost once the device connects with it', async () => {
    const gateway = await gatewayWith({});
    const port = gateway.port ?? 0;
    const client = await connectDevice(port, 'LOST-ACK', company.key);
    await client.subscribeAsync('dev/LOST-ACK/down/#', { qos: 1 });
    const credential = nextMessage(client, '/down/credential');
    await client.publishAsync('dev/LOST-ACK/up/hello', message({ version: '1.0', channels: 1 }), { qos: 1 });
    const secret = String((await credential).body.secret);
    await client.endAsync(); // gone before its ack
    const again = await connectDevice(port, 'LOST-ACK', secret);
    await again.endAsync();
    const [row] = await database.db.select().from(device).where(eq(device.deviceUuid, 'LOST-ACK'));
    expect(row?.secretHash).toBe(hashToken(secret));
    expect(await refusal(port, 'LOST-ACK', company.key)).toBe(4);
  });
});

describe('gps messages', () => {
  it('takes a 10-digit time as seconds and refuses points out of range', () => {
    const envelope = parseEnvelope(Buffer.from(JSON.stringify({ v: 1, id: 7, at: 1_763_900_000 })));
    expect(envelope).toMatchObject({ ok: true, value: { id: '7', at: 1_763_900_000_000 } });
    const point = { t: 1_763_900_000, lat: 59.9, lng: 10.7, speed: 0, heading: 0 };
    expect(parseGps({ points: [point] })).toMatchObject({ ok: true, value: [{ t: 1_763_900_000_000, dbm: null }] });
    expect(parseGps({ points: [{ ...point, heading: 360 }] }).ok).toBe(false);
    expect(parseGps({ points: [{ ...point, dbm: -141 }] }).ok).toBe(false);
    expect(parseGps({ points: Array.from({ length: 501 }, () => point) }).ok).toBe(false);
    expect(parseEnvelope(Buffer.from(JSON.stringify({ v: 2, id: '1', at: 1 })))).toMatchObject({ ok: false, version: true });
  });

  it('measures driving between fixes and ignores an implausible jump', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195, -1);
    const fixes = [
      { t: 1_000, lat: 0, lng: 0, speed: 10 },
      { t: 2_000, lat: 0, lng: 0.0001, speed: 10 },
      { t: 3_000, lat: 1, lng: 0.0001, speed: 10 }, // 111 km in a second
    ];
    const trip = driven(null, fixes);
    expect(trip.meters).toBeCloseTo(11.1, 0);
    expect(trip.ms).toBe(2_000);
  });
});
