import { randomBytes } from 'node:crypto';
import { type CredentialStore, memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindWhenListed, companyWithVehicle } from '../../../e2e/console.js';
import { E2E_ADMIN_PASSWORD } from '../../../e2e/global-setup.js';
import { type Portal, SOURCE_PORTAL, startPortal } from '../../../e2e/portal.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { device, org } from '../src/db/schema.js';
import { hashToken } from '../src/http/tokens.js';
import { waitFor } from './gateway-fixtures.js';
import { serverDatabase } from './helpers.js';
import { MQTT_URL, REDIS_URL, reachable, redisTestPrefix, skipWithout } from './services.js';
import { consoleSocket } from './sos-fixtures.js';

/** Set by the vitest project that runs against a PostgreSQL server (vitest.config.ts). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const skip = !POSTGRES_URL
  ? 'no PostgreSQL server for this project (runs in the postgres project only)'
  : skipWithout(await reachable(REDIS_URL, 6379), `Redis at ${REDIS_URL}`)
    ? `Redis does not answer at ${REDIS_URL}`
    : skipWithout(await reachable(MQTT_URL, 1883), `an MQTT broker at ${MQTT_URL}`)
      ? `no MQTT broker answers at ${MQTT_URL}`
      : '';
if (skip) console.warn(`Scale-out test with two portal processes skipped: ${skip}`);

const run = randomBytes(4).toString('hex');
const redisPrefix = redisTestPrefix();

/** One portal node's environment: everything shared but the MQTT client id (the rest is startPortal's: free port, DEMO=0). */
const nodeEnv = (databaseUrl: string, secretKey: string, name: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  // Channels of this run only: other test files publish events of their own databases, numbered from 1 too.
  REDIS_PREFIX: redisPrefix,
  MQTT_URL,
  MQTT_CLIENT_ID: `ss-scale-${run}-${name}`,
  // A deployment of its own on the machine's broker: other runs' nodes (alive, or dead within their session expiry)
  // would otherwise take a share of this run's device messages.
  MQTT_SHARE_GROUP: `ss-scale-${run}`,
  MQTT_SESSION_EXPIRY_SECONDS: '5',
  SECRET_KEY: secretKey,
  ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  CAPTCHA_COMPLEXITY: '1000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  RATE_LIMIT_WRITES_PER_SECOND: '0',
  MEDIA_RTMP_PORT: '0',
  MAP_TILE_URL: '',
  DEMO: '0',
});

/** An API call with a session token; answers the envelope's data (a failed envelope fails the test). */
async function apiCall<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const envelope = (await (await fetch(`${baseUrl}${path}`, { headers: { 'x-token': token } })).json()) as { code: number; data: T };
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(200);
  return envelope.data;
}

describe.skipIf(skip !== '')('S.O.S across two portal processes (shared PostgreSQL, Redis and Mosquitto)', () => {
  let server: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  let database: Database | undefined;
  const nodes: Portal[] = [];
  let sim: SimDevice | undefined;

  beforeAll(async () => {
    server = await serverDatabase(POSTGRES_URL ?? '');
    const secretKey = randomBytes(32).toString('base64');
    // One after the other: the first migrates the shared database and creates the Super Admin.
    for (const name of ['a', 'b']) nodes.push(await startPortal(nodeEnv(server.url, secretKey, name), undefined, SOURCE_PORTAL));
    database = await openDatabase({ url: server.url });
  }, 60_000);

  afterAll(async () => {
    await sim?.stop();
    // SIGTERM, then whatever is left is killed: a child never outlives the test, whatever failed before.
    await Promise.all(
      nodes.map(async (node) => {
        const killed = setTimeout(() => node.process.kill('SIGKILL'), 10_000);
        await node.stop();
        clearTimeout(killed);
      }),
    );
    if (sim) {
      // The device's retained status would stay on the machine's broker for good.
      const cleaner = await mqtt.connectAsync(MQTT_URL, { clean: true, reconnectPeriod: 0 });
      await cleaner.publishAsync(`dev/${sim.uuid}/up/status`, '', { qos: 1, retain: true });
      await cleaner.endAsync();
    }
    await database?.close();
    await server?.drop();
  }, 60_000);

  it('an S.O.S taken from the broker by either node reaches the company’s consoles on both, and not another company’s', async () => {
    const [a, b] = nodes as [Portal, Portal];
    const { db } = database as Database;
    const mine = await companyWithVehicle(a.url, 'Scale');
    const theirs = await companyWithVehicle(a.url, 'Other');

    // With an external broker the portal creates no devices and hands out no secrets (the broker authenticates devices;
    // docs/deployment.md, "Devices on an external broker"): the operator registers the device with its secret, and
    // binds it through node A's API.
    const secret = `ds_${randomBytes(32).toString('base64url')}`;
    const [company] = await db.select({ agentId: org.belongAgentId }).from(org).where(eq(org.id, mine.company.id));
    await db.insert(device).values({
      deviceUuid: mine.uuid,
      secretHash: hashToken(secret),
      belongAgentId: company?.agentId,
      belongCompanyId: mine.company.id,
    });
    await bindWhenListed(mine.api, mine.uuid, mine.vehicle.id);
    // This run's device is the only one: no demo fleet was seeded into the shared database.
    expect((await mine.api<{ total: number }>('GET', '/v1/device/list')).total).toBe(1);

    // The Company Admin's session, opened on node A, holds on node B too.
    const mineOnA = await consoleSocket(a.url, mine.admin.token);
    const mineOnB = await consoleSocket(b.url, mine.admin.token);
    const theirsOnB = await consoleSocket(b.url, theirs.admin.token);

    // The device connects with its secret (the machine's Mosquitto lets anyone in); its hello gets no credential.
    const credentials: CredentialStore = memoryCredentialStore({ [mine.uuid]: secret });
    sim = new SimDevice({
      uuid: mine.uuid,
      brokerUrl: MQTT_URL,
      provisioningKey: mine.key,
      credentials,
      gpsIntervalMs: 60_000,
      reconnectDelayMs: { min: 100, max: 200 },
      // No session left behind on the machine's broker.
      mqtt: { clean: true },
    });
    expect(await sim.start()).toBe(true);
    const online = async () => (await db.select().from(device).where(eq(device.deviceUuid, mine.uuid)))[0]?.online;
    expect(await waitFor(online)).toBe(true);
    expect(credentials.get(mine.uuid)).toBe(secret);

    // The portal stores plates in capitals.
    const plate = mine.plate.toUpperCase();
    // Whichever node's gateway files it, the other node's console gets it only through Redis: both must see it.
    expect(await sim.pressSos()).not.toBeNull();
    for (const socket of [mineOnA, mineOnB]) {
      expect(await socket.next('sos')).toMatchObject({
        state: 'started',
        sos: { licensePlate: plate, deviceUuid: mine.uuid, state: 'active' },
      });
    }
    const countOn = async (node: Portal, token: string) => (await apiCall<{ count: number }>(node.url, token, '/v1/sos/count')).count;
    expect([await countOn(a, mine.admin.token), await countOn(b, mine.admin.token)]).toEqual([1, 1]);
    expect([await countOn(a, theirs.admin.token), await countOn(b, theirs.admin.token)]).toEqual([0, 0]);

    expect(await sim.releaseSos()).toBe(true);
    for (const socket of [mineOnA, mineOnB]) {
      expect(await socket.next('sos')).toMatchObject({ state: 'stopped', sos: { licensePlate: plate, state: 'stopped' } });
    }
    // Released, not closed by an operator: it stays on the board of both nodes.
    expect([await countOn(a, mine.admin.token), await countOn(b, mine.admin.token)]).toEqual([1, 1]);
    expect(theirsOnB.received.filter((m) => m.type === 'sos')).toEqual([]);
    for (const socket of [mineOnA, mineOnB, theirsOnB]) socket.close();
  });
});
