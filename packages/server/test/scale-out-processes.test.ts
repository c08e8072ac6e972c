import { randomBytes } from 'node:crypto';
import { deviceApi, sosApi } from '@safety-shield/contract';
import { type CredentialStore, memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindWhenListed, companyWithVehicle } from '../../../e2e/console.js';
import { type Portal, SOURCE_PORTAL, startPortal } from '../../../e2e/portal.js';
import type { Database } from '../src/db/client.js';
import { device, org } from '../src/db/schema.js';
import { hashToken } from '../src/http/tokens.js';
import { urlOf } from './api-client.js';
import { waitFor } from './gateway-fixtures.js';
import { firstPage, openServerDatabase } from './helpers.js';
import { clearRetainedStatus, POSTGRES_URL, scaleOutNode, scaleOutSkip, stopNode } from './scale-out-fixtures.js';
import { MQTT_URL, redisTestPrefix } from './services.js';
import { consoleSocket } from './sos-fixtures.js';

const skip = await scaleOutSkip('Scale-out test with two portal processes');

const run = randomBytes(4).toString('hex');
const redisPrefix = redisTestPrefix();

/** A node of this run: the scale-out fixture's environment, with a short broker session (nothing lingers). */
const nodeEnv = (databaseUrl: string, secretKey: string, name: string) =>
  scaleOutNode({
    databaseUrl,
    secretKey,
    redisPrefix,
    clientId: `ss-scale-${run}-${name}`,
    shareGroup: `ss-scale-${run}`,
    sessionExpirySeconds: 5,
  });

/** An API call over the node's socket with a session token (`path`: `urlOf` an endpoint); answers the envelope's data (a failed envelope fails the test). */
async function apiCall<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const envelope = (await (await fetch(`${baseUrl}${path}`, { headers: { 'x-token': token } })).json()) as { code: number; data: T };
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(200);
  return envelope.data;
}

describe.skipIf(skip !== '')('S.O.S across two portal processes (shared PostgreSQL, Redis and Mosquitto)', () => {
  let database: Awaited<ReturnType<typeof openServerDatabase>> | undefined;
  const nodes: Portal[] = [];
  let sim: SimDevice | undefined;

  beforeAll(async () => {
    database = await openServerDatabase(POSTGRES_URL ?? '');
    const secretKey = randomBytes(32).toString('base64');
    // One after the other: the first creates the Super Admin.
    for (const name of ['a', 'b']) nodes.push(await startPortal(nodeEnv(database.url, secretKey, name), undefined, SOURCE_PORTAL));
  }, 60_000);

  afterAll(async () => {
    await sim?.stop();
    await Promise.all(nodes.map(stopNode));
    if (sim) await clearRetainedStatus([sim.uuid]);
    await database?.close();
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
    expect((await mine.api<{ total: number }>('GET', urlOf(deviceApi.list, firstPage))).total).toBe(1);

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
    const countOn = async (node: Portal, token: string) => (await apiCall<{ count: number }>(node.url, token, urlOf(sosApi.count))).count;
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
