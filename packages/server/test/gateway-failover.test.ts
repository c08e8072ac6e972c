import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayNode, gpsPoint } from '../src/db/schema.js';
import { LOCK_APPLICATION } from '../src/gateway/liveness.js';
import { type Company, capturedLog, message, nodeGateway, seedCompany, seedDevice, track, waitFor } from './gateway-fixtures.js';
import { openServerDatabase } from './helpers.js';
import { forgetSessions, MQTT_URL, reachable, skipWithout } from './services.js';

// The liveness of external-broker nodes through PostgreSQL (gateway/liveness.ts), in one process: what a lost lock
// connection and a restart do. scale-out-failover.test.ts kills a node process under load.
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const skip = !POSTGRES_URL || skipWithout(await reachable(MQTT_URL, 1883), `an MQTT broker at ${MQTT_URL}`);

const run = randomBytes(4).toString('hex');
const shareGroup = `ss-liveness-${run}`;
const idOf = (name: string) => `ss-liveness-${run}-${name}`;

let database: Awaited<ReturnType<typeof openServerDatabase>>;
let company: Company;
const gateways: Array<{ close(): Promise<void> }> = [];
const clients: MqttClient[] = [];

function node(name: string) {
  const { log, lines } = capturedLog();
  const started = nodeGateway(database, {
    log,
    mqttUrl: MQTT_URL,
    mqttClientId: idOf(name),
    mqttShareGroup: shareGroup,
    mqttSessionExpirySeconds: 60,
    databaseUrl: database.url,
  }).then((gateway) => {
    gateways.push(gateway);
    return gateway;
  });
  return { started, lines };
}

/** Runs `what` on the backend of a node's lock connection (by its application_name); answers a row per backend. */
async function onLockConnection(clientId: string, what: 'pid' | 'pg_terminate_backend(pid)') {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    return (await admin.query(`select ${what} from pg_stat_activity where application_name = $1`, [`${LOCK_APPLICATION} ${clientId}`]))
      .rows;
  } finally {
    await admin.end();
  }
}

const said = (lines: Array<Record<string, unknown>>, text: string) => lines.some((line) => String(line.msg).startsWith(text));

describe.skipIf(skip)('portal nodes on an external broker watch each other through PostgreSQL', () => {
  beforeAll(async () => {
    database = await openServerDatabase(POSTGRES_URL ?? '');
    company = await seedCompany(database.db, 'Liveness');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync()));
    for (const gateway of gateways) await gateway.close();
    // The nodes' sessions are not left on the machine's broker.
    await forgetSessions(['a', 'b', 'c'].map(idOf));
    await database?.close();
  }, 60_000);

  it('a node whose lock connection breaks stops its broker session, takes its lock again and goes on; nothing is lost', async () => {
    const a = node('a');
    const b = node('b');
    const [nodeA] = await Promise.all([a.started, b.started]);
    expect((await database.db.select().from(gatewayNode)).map((row) => row.clientId).sort()).toEqual([idOf('a'), idOf('b')]);

    const uuid = `LIVE-${run}`;
    const { id } = await seedDevice(database.db, company, uuid);
    const device = await mqtt.connectAsync(MQTT_URL, { clientId: uuid, clean: true, reconnectPeriod: 0 });
    clients.push(device);
    device.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString());
      device.publish(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
    });
    await device.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });

    const t0 = Date.now() - 3_600_000;
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < 100; i++) {
      if (i === 30) {
        // As a network partition or a PostgreSQL restart would: the node's lock connection is cut.
        expect(await onLockConnection(idOf('a'), 'pg_terminate_backend(pid)')).toHaveLength(1);
      }
      sends.push(device.publishAsync(`dev/${uuid}/up/gps`, message({ points: track(t0 + i * 2_000, 2) }), { qos: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(sends);
    expect(said(a.lines, 'lost the PostgreSQL connection holding this node’s lock')).toBe(true);
    const stored = async () => (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, id)))[0]?.n ?? 0;
    await waitFor(async () => (await stored()) === 200, 15_000);

    // It holds its lock again (registered, its lock connection back) and its own session answers commands.
    await waitFor(async () => (await onLockConnection(idOf('a'), 'pid')).length === 1, 10_000);
    await waitFor(
      async () =>
        (
          await database.db
            .select()
            .from(gatewayNode)
            .where(eq(gatewayNode.clientId, idOf('a')))
        ).length === 1,
      10_000,
    );
    const config = { version: 1, settings: { uploadIntervalSeconds: 5 }, partial: true };
    await expect(nodeA.devicePort.send(uuid, 'config', config, 10_000)).resolves.toMatchObject({ ok: true });
  });

  it('a node that starts while another process holds its lock (one still draining its session) waits for it', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    const key = `safety-shield gateway node ${idOf('c')}`;
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    const c = node('c');
    let started = false;
    void c.started.then(() => {
      started = true;
    });
    await waitFor(() => said(c.lines, 'waiting for this node’s lock'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(started).toBe(false);
    expect(
      await database.db
        .select()
        .from(gatewayNode)
        .where(eq(gatewayNode.clientId, idOf('c'))),
    ).toEqual([]);
    await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    await c.started;
    expect(
      await database.db
        .select()
        .from(gatewayNode)
        .where(eq(gatewayNode.clientId, idOf('c'))),
    ).toHaveLength(1);
    await holder.end();
  });
});
