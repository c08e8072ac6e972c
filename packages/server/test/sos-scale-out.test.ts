import { Socket } from 'node:net';
import type { SimDevice } from '@safety-shield/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { redisBus } from '../src/events/redis-bus.js';
import { type Gateway, startGateway } from '../src/gateway/index.js';
import { capturedLog, recorder } from './gateway-fixtures.js';
import { login, serverDatabase, testConfig } from './helpers.js';
import { addAccount, GOOD_PASSWORD } from './identity-fixtures.js';
import { consoleSocket, seedSosFleet, simulatorOf } from './sos-fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Set by the vitest project that runs against a PostgreSQL server (vitest.config.ts). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

async function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || defaultPort), hostname, () => socket.end());
  });
}

const redisUp = await reachable(REDIS_URL, 6379);
const skip = !POSTGRES_URL
  ? 'no PostgreSQL server for this project (runs in the postgres project only)'
  : !redisUp
    ? `Redis does not answer at ${REDIS_URL}`
    : '';
if (skip) console.warn(`S.O.S scale-out test skipped: ${skip}`);

type Node = { app: Awaited<ReturnType<typeof buildApp>>; database: Database; bus: Awaited<ReturnType<typeof redisBus>>; url: string };

describe.skipIf(skip !== '')('S.O.S across two portal nodes (shared PostgreSQL, Redis bus)', () => {
  let server: Awaited<ReturnType<typeof serverDatabase>>;
  let a: Node;
  let b: Node;
  let gateway: Gateway;
  let sim: SimDevice | undefined;

  async function node(url: string): Promise<Node> {
    const database = await openDatabase({ url });
    const bus = await redisBus(REDIS_URL);
    const app = await buildApp(testConfig, database, { logger: false, bus });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, database, bus, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  }

  beforeAll(async () => {
    server = await serverDatabase(POSTGRES_URL ?? '');
    // One after the other: the first opening migrates the shared database.
    a = await node(server.url);
    b = await node(server.url);
    gateway = await startGateway({
      db: a.database.db,
      log: capturedLog().log,
      mqttPort: 0,
      events: { ...recorder(), sos: (update) => a.bus.publish('sos', update) },
    });
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await gateway?.close();
    for (const n of [a, b]) {
      await n?.app.close();
      await n?.bus.close();
      await n?.database.close();
    }
    await server?.drop();
  }, 60_000);

  it('an S.O.S filed through node A’s gateway reaches a console connected to node B, and not another company’s', async () => {
    const mine = await seedSosFleet(a.database.db, 'ScaleA');
    const theirs = await seedSosFleet(a.database.db, 'ScaleB');
    const ctx = { app: b.app, database: b.database, close: async () => {} };
    await addAccount(ctx, 'scale.mine', 'COMPANY_ADMIN', mine.tree);
    await addAccount(ctx, 'scale.theirs', 'COMPANY_ADMIN', theirs.tree);
    const onB = await consoleSocket(b.url, await login(b.app, 'scale.mine', GOOD_PASSWORD));
    const otherOnB = await consoleSocket(b.url, await login(b.app, 'scale.theirs', GOOD_PASSWORD));
    sim = await simulatorOf(mine, `mqtt://127.0.0.1:${gateway.port}`);
    await sim.pressSos();
    expect(await onB.next('sos')).toMatchObject({ state: 'started', sos: { licensePlate: mine.plate, deviceId: mine.deviceId } });
    // Node A's board reads the same row; closing it on node B comes back to node B's socket through Redis.
    const tokenA = await login(a.app, 'scale.mine', GOOD_PASSWORD);
    const board = (await a.app.inject({ method: 'GET', url: '/v1/sos/active', headers: { 'x-token': tokenA } })).json();
    expect(board.data).toEqual([expect.objectContaining({ licensePlate: mine.plate, state: 'active' })]);
    const tokenB = await login(b.app, 'scale.mine', GOOD_PASSWORD);
    const closed = await b.app.inject({
      method: 'PUT',
      url: '/v1/sos/close',
      headers: { 'x-token': tokenB },
      payload: { id: board.data[0].id },
    });
    expect(closed.json()).toMatchObject({ code: 200, data: { state: 'closed' } });
    expect(await onB.next('sos')).toMatchObject({ state: 'closed' });
    expect(otherOnB.received.filter((m) => m.type === 'sos')).toEqual([]);
    onB.close();
    otherOnB.close();
  });
});
