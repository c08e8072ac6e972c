import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { device, gpsPoint } from '../src/db/schema.js';
import { capturedLog, connectDevice, message, nextMessage, nodeGateway, seedCompany, track, waitFor } from './gateway-fixtures.js';
import { serverDatabase, testConfig, testDatabase } from './helpers.js';

const { log } = capturedLog();
const BATCHES = 300;
const POINTS = 10;
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups.length = 0;
});

async function provision(port: number, uuid: string, key: string): Promise<string> {
  const client = await connectDevice(port, uuid, key);
  await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
  const credential = nextMessage(client, '/down/credential');
  await client.publishAsync(`dev/${uuid}/up/hello`, message({ version: '1', channels: 1 }), { qos: 1 });
  const { body } = await credential;
  await client.publishAsync(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
  await client.endAsync();
  return String(body.secret);
}

/** Publishes BATCHES gps messages at once (mqtt.js keeps the unacknowledged ones and resends them after a reconnect). */
function publishAll(client: MqttClient, uuid: string, t0: number) {
  const acked = new Set<number>();
  for (let i = 0; i < BATCHES; i++) {
    client.publish(`dev/${uuid}/up/gps`, message({ points: track(t0 + i * POINTS * 1000, POINTS) }), { qos: 1 }, (err) => {
      if (!err) acked.add(i);
    });
  }
  return acked;
}

/** The batches whose every point is stored. */
async function storedBatches(database: Database, deviceId: number, t0: number): Promise<Set<number>> {
  const rows = await database.db.select({ at: gpsPoint.at }).from(gpsPoint).where(eq(gpsPoint.deviceId, deviceId));
  const perBatch = new Map<number, number>();
  for (const { at } of rows) {
    const batch = Math.floor((at.getTime() - t0) / (POINTS * 1000));
    perBatch.set(batch, (perBatch.get(batch) ?? 0) + 1);
  }
  return new Set([...perBatch].filter(([, n]) => n === POINTS).map(([batch]) => batch));
}

const pointCount = async (database: Database, deviceId: number) =>
  (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, deviceId)))[0]?.n ?? 0;

describe('device gateway: restarts', () => {
  it('loses no acknowledged message over a graceful restart, and stores the resent ones once', { timeout: 60_000 }, async () => {
    const database = await testDatabase();
    cleanups.push(() => database.close());
    const company = await seedCompany(database.db, 'Restart');
    let node = await nodeGateway(database, { log });
    cleanups.push(() => node.close());
    const { port } = node;
    const secret = await provision(port, 'RST-1', company.key);
    const [row] = await database.db.select().from(device).where(eq(device.deviceUuid, 'RST-1'));
    const client = await connectDevice(port, 'RST-1', secret, { reconnectPeriod: 100 });
    cleanups.push(() => client.endAsync(true));
    const t0 = Date.now() - 3_600_000;
    const acked = publishAll(client, 'RST-1', t0);
    await waitFor(() => acked.size >= 1, 5_000);
    await node.close();

    const ackedBefore = new Set(acked);
    const stored = await storedBatches(database, row?.id ?? 0, t0);
    for (const batch of ackedBefore) expect(stored.has(batch)).toBe(true);

    expect(ackedBefore.size).toBeLessThan(BATCHES);
    // mqtt.js resends its backlog one message per round trip: short flushes keep the test quick.
    node = await nodeGateway(database, { log, mqttPort: port, positions: { flushIntervalMs: 2 } });
    await waitFor(() => acked.size === BATCHES, 15_000);
    expect(await pointCount(database, row?.id ?? 0)).toBe(BATCHES * POINTS);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'loses no acknowledged message when the portal process is killed',
    { timeout: 60_000 },
    async () => {
      const server = await serverDatabase(process.env.TEST_DATABASE_URL as string);
      cleanups.push(() => server.drop());
      const database = await openDatabase({ url: server.url });
      cleanups.push(() => database.close());
      const company = await seedCompany(database.db, 'Crash');

      const child = await startChildGateway(server.url);
      cleanups.push(async () => child.process.kill('SIGKILL'));
      const secret = await provision(child.port, 'CRASH-1', company.key);
      const [row] = await database.db
        .select()
        .from(device)
        .where(inArray(device.deviceUuid, ['CRASH-1']));
      const client = await connectDevice(child.port, 'CRASH-1', secret, { reconnectPeriod: 100 });
      cleanups.push(() => client.endAsync(true));
      const t0 = Date.now() - 3_600_000;
      const acked = publishAll(client, 'CRASH-1', t0);
      await waitFor(() => acked.size >= 1, 5_000);
      child.process.kill('SIGKILL');
      await new Promise((resolve) => child.process.once('exit', resolve));

      const ackedBefore = new Set(acked);
      const stored = await storedBatches(database, row?.id ?? 0, t0);
      for (const batch of ackedBefore) expect(stored.has(batch)).toBe(true);
      expect(ackedBefore.size).toBeLessThan(BATCHES);

      const node = await nodeGateway(database, { log, mqttPort: child.port, positions: { flushIntervalMs: 2 } });
      cleanups.push(() => node.close());
      await waitFor(() => acked.size === BATCHES, 15_000);
      expect(await pointCount(database, row?.id ?? 0)).toBe(BATCHES * POINTS);
    },
  );
});

/** A node (device port, app, gateway, as main.ts starts them) in a process of its own, so it can be killed mid-write. */
async function startChildGateway(url: string): Promise<{ process: ChildProcess; port: number }> {
  const module = (file: string) => JSON.stringify(fileURLToPath(new URL(`../src/${file}`, import.meta.url)));
  const config = { ...testConfig, secretKey: undefined };
  const code = `
    const { randomBytes } = await import('node:crypto');
    const { buildApp } = await import(${module('app.ts')});
    const { openDatabase } = await import(${module('db/client.ts')});
    const { DevicePort } = await import(${module('device-port/index.ts')});
    const { startGateway } = await import(${module('gateway/index.ts')});
    const { default: pino } = await import('pino');
    const database = await openDatabase({ url: ${JSON.stringify(url)} });
    const devicePort = new DevicePort(database.db);
    const config = { ...${JSON.stringify(config)}, secretKey: randomBytes(32) };
    const app = await buildApp(config, database, { logger: false, deviceCommands: devicePort });
    const gateway = await startGateway({ db: database.db, log: pino({ level: 'silent' }), intake: app.deviceIntake, devicePort, mqttPort: 0 });
    process.send({ port: gateway.port });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`gateway child exited with ${code}`)));
  });
  return { process: child, port };
}
