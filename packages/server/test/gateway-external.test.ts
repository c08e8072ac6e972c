import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { device, gpsPoint } from '../src/db/schema.js';
import { hashToken } from '../src/http/tokens.js';
import { type Company, capturedLog, message, nodeGateway, seedCompany, track, waitFor } from './gateway-fixtures.js';
import { testDatabase } from './helpers.js';
import { MQTT_URL, reachable, skipWithout } from './services.js';

const noBroker = skipWithout(await reachable(MQTT_URL, 1883), `an MQTT broker at ${MQTT_URL}`);

let database: Database;
let company: Company;
const nodes: Array<Awaited<ReturnType<typeof nodeGateway>>> = [];
const run = randomBytes(4).toString('hex');
const { log } = capturedLog();

/** A device straight on the external broker (which, there, authenticates devices; this one allows anonymous clients). */
const deviceClient = (uuid: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> =>
  // clean: a test must not leave sessions behind on the machine's broker.
  mqtt.connectAsync(MQTT_URL, { clientId: uuid, clean: true, reconnectPeriod: 0, ...options });

async function addDevice(uuid: string, secret: string | null) {
  const [row] = await database.db
    .insert(device)
    .values({
      deviceUuid: uuid,
      secretHash: secret && hashToken(secret),
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
    })
    .returning();
  return row?.id ?? 0;
}

describe.skipIf(noBroker)('device gateway on an external broker (Mosquitto, shared subscription)', () => {
  beforeAll(async () => {
    database = await testDatabase();
    company = await seedCompany(database.db, 'External');
    // Two portal nodes share the devices' messages.
    for (const name of ['a', 'b']) {
      nodes.push(
        await nodeGateway(database, {
          log,
          mqttUrl: MQTT_URL,
          mqttClientId: `ss-test-${run}-${name}`,
          mqttSessionExpirySeconds: 2,
          // Each test run (both database projects run at once) is a deployment of its own on the shared broker.
          mqttShareGroup: `ss-test-${run}`,
        }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database?.close();
  }, 60_000);

  it('stores every gps message once across the nodes', async () => {
    const uuid = `EXT-GPS-${run}`;
    const id = await addDevice(uuid, 'ds_x');
    const client = await deviceClient(uuid);
    const t0 = Date.now() - 3_600_000;
    // More than Mosquitto's 20 in-flight messages per node: were the gateway's deferred PUBACKs missing, delivery would stall.
    const batches = Array.from({ length: 60 }, (_, i) => message({ points: track(t0 + i * 5_000, 5) }));
    await Promise.all(batches.map((batch) => client.publishAsync(`dev/${uuid}/up/gps`, batch, { qos: 1 })));
    await client.publishAsync(`dev/${uuid}/up/gps`, batches[3] as Buffer, { qos: 1 }); // resent
    const stored = async () => (await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, id)))[0]?.n ?? 0;
    await waitFor(async () => (await stored()) === 300);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored()).toBe(300);
    const [row] = await database.db.select().from(device).where(eq(device.id, id));
    expect(row?.positionAt?.getTime()).toBe(t0 + 59 * 5_000 + 4_000);
    await client.endAsync();
  });

  it('follows presence through the status and the last will', async () => {
    const uuid = `EXT-PRES-${run}`;
    await addDevice(uuid, 'ds_x');
    const will = { topic: `dev/${uuid}/up/status`, payload: message({ online: false }), qos: 1 as const, retain: true };
    const client = await deviceClient(uuid, { will, keepalive: 30 });
    await client.publishAsync(`dev/${uuid}/up/status`, message({ online: true }), { qos: 1, retain: true });
    const online = async () => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0]?.online;
    await waitFor(async () => (await online()) === true);
    client.stream.destroy();
    await waitFor(async () => (await online()) === false);
    client.end(true);
  });

  it('answers commands from any node, and offers no credential: the broker holds the device’s password', async () => {
    const uuid = `EXT-CMD-${run}`;
    await addDevice(uuid, null);
    const client = await deviceClient(uuid);
    await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
    const kinds: string[] = [];
    client.on('message', (topic, payload) => {
      kinds.push(topic.split('/').at(-1) ?? '');
      const body = JSON.parse(payload.toString());
      client.publish(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
    });
    // One version per node: each is a new one for the device (versions rise).
    for (const [index, node] of nodes.entries()) {
      const config = { version: index + 1, settings: { uploadIntervalSeconds: 5 }, partial: true };
      await expect(node.devicePort.send(uuid, 'config', config)).resolves.toMatchObject({ ok: true });
    }

    await client.publishAsync(`dev/${uuid}/up/hello`, message({ version: '3.0', channels: 2 }), { qos: 1 });
    // The hello is filed (the device is online with its version) and answered by no credential.
    const version = async () => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0]?.version;
    expect(await waitFor(version)).toBe('3.0');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(kinds).toEqual(['config', 'config']);
    expect((await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0]?.secretHash).toBeNull();
    await client.endAsync();
  });
});
