import { createHash, randomBytes } from 'node:crypto';
import { type InputOf, liveApi } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, buildApp } from '../src/app.js';
import { localBus } from '../src/bus/bus.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { liveSession, usageCounter } from '../src/db/schema.js';
import { DevicePort } from '../src/device-port/index.js';
import { call, callUnchecked } from './api-client.js';
import { waitFor } from './gateway-fixtures.js';
import { serverDatabase, testConfig } from './helpers.js';
import { seedCameraVehicle } from './media-fixtures.js';

/**
 * Live sessions served by any portal node: two (or three) apps on one database, with an external media server
 * (MEDIA_URL) whose hooks reach whichever node the load balancer picks. Each node's device adapter records the commands
 * the node sends and acknowledges them at once.
 */

type App = Awaited<ReturnType<typeof buildApp>>;
interface Node {
  name: string;
  app: App;
  database: Database;
  close: () => Promise<void>;
}

interface Sent {
  node: string;
  uuid: string;
  kind: string;
  payload: Record<string, unknown>;
}
const sent: Sent[] = [];
const IDLE_MS = 2_500;

let databases: Database[] = [];
let drop: (() => Promise<void>) | undefined;
/** A second pool on the same PostgreSQL database (each node has its own); PGlite: the one in-process database. */
let openShared: () => Promise<Database>;
const nodes: Node[] = [];

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const server = await serverDatabase(serverUrl);
    drop = () => server.drop();
    openShared = async () => {
      const database = await openDatabase({ url: server.url });
      databases.push(database);
      return database;
    };
  } else {
    const database = await openDatabase({});
    databases = [database];
    openShared = async () => database;
  }
  // The first opens (and migrates) the database before the others do.
  await openShared();
}, 60_000);

afterAll(async () => {
  for (const node of nodes) await node.close();
  for (const database of new Set(databases)) await database.close();
  await drop?.();
}, 60_000);

const external = (idleMs: number): AppConfig['media'] => ({
  rtmpPort: 0,
  host: '127.0.0.1',
  rtmpUrl: 'rtmp://media.example:1935',
  externalUrl: 'http://media.example',
  idleMs,
});

/** A portal node named `name` (its MQTT_CLIENT_ID) on the shared database. */
async function startNode(name: string, idleMs: number): Promise<Node> {
  const database = await openShared();
  const devicePort = new DevicePort(database.db);
  // The node's device adapter: it records each command and acknowledges it at once.
  devicePort.attach({
    protocol: 'recorder',
    serves: () => true,
    send: async (uuid, kind, payload) => {
      sent.push({ node: name, uuid, kind, payload: payload as Record<string, unknown> });
      return { ref: randomBytes(4).toString('hex'), ok: true, error: null };
    },
    disconnect: () => {},
  });
  const app = await buildApp({ ...testConfig, mqttClientId: name, media: external(idleMs) }, database, {
    logger: false,
    bus: localBus(),
    deviceCommands: devicePort,
  });
  let closed = false;
  const node = {
    name,
    app,
    database,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
  nodes.push(node);
  return node;
}

const db = () => (databases[0] as Database).db;
const ctxOf = (node: Node) => ({ app: node.app, database: node.database, close: node.close });

/** Signed in through `node`; the device is marked online without connecting (commands go to a recorder). */
const setup = (node: Node, label: string) => seedCameraVehicle(ctxOf(node), 'LN', label, { online: true });

const liveCommands = (uuid: string, action: 'start' | 'stop') =>
  sent.filter((s) => s.uuid === uuid && s.kind === 'live' && s.payload.action === action);

/** The publish key the device was given with its start command. */
const keyOf = (uuid: string, stream: string) => {
  const start = liveCommands(uuid, 'start').find((s) => s.payload.stream === stream);
  return String(start?.payload.key);
};

/**
 * The media server's hook as SRS sends it: unchecked, for its own `action` field beside the declared ones (the
 * declaration takes undeclared fields there, but its type does not list them).
 */
const hook = (node: Node, event: InputOf<typeof liveApi.hook>['event'], stream: string, param: string) =>
  callUnchecked(node, undefined, liveApi.hook, { event, action: event, stream, param });

const tokenOf = (playUrl: string) => new URL(playUrl, 'http://portal').searchParams.get('token') ?? '';

const liveMinutes = async (companyId: number) =>
  (
    await db()
      .select({ value: usageCounter.value })
      .from(usageCounter)
      .where(and(eq(usageCounter.companyId, companyId), eq(usageCounter.metric, 'liveMinutes')))
  ).reduce((sum, row) => sum + row.value, 0);

describe('live sessions on any node', () => {
  let a: Node;
  let b: Node;
  const companies: number[] = [];

  beforeAll(async () => {
    // Idle time long enough that no sweep interferes with these steps.
    a = await startNode('node-a', 600_000);
    b = await startNode('node-b', 600_000);
  }, 60_000);

  it('reads, hooks and stops through node B a session started through node A', async () => {
    const x = await setup(a, 'X');
    companies.push(x.company.companyId);
    const started = await call(ctxOf(a), x.token, liveApi.start, { vehicleId: x.vehicleId, channel: 1 });
    expect(started.codeKey).toBe('REQUEST_SUCCESS');
    const stream: string = started.data.sessionId;
    expect(started.data).toMatchObject({ state: 'ready', deviceId: x.deviceId, channel: 1, channels: 2, viewers: 0 });
    expect(started.data.playUrl).toMatch(/^http:\/\/media\.example\/live\/.+\.flv\?token=/);
    expect(liveCommands(x.uuid, 'start')).toHaveLength(1);

    // The key is stored as its SHA-256 only.
    const key = keyOf(x.uuid, stream);
    const [row] = await db().select().from(liveSession).where(eq(liveSession.stream, stream));
    expect(row?.keyHash).toBe(createHash('sha256').update(Buffer.from(key, 'base64url')).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row?.ownerNode).toBe('node-a');

    const state = await call(ctxOf(b), x.token, liveApi.state, { sessionId: stream });
    expect(state.codeKey).toBe('REQUEST_SUCCESS');
    expect(state.data.sessionId).toBe(stream);
    expect(state.data.state).toBe('ready');

    // The media server's hooks reach node B: wrong key or token refused, right ones allowed.
    expect((await hook(b, 'on_publish', stream, '?key=wrong')).status).toBe(403);
    expect((await hook(b, 'on_publish', stream, `?key=${randomBytes(24).toString('base64url')}`)).status).toBe(403);
    expect((await hook(b, 'on_publish', 'unknown-stream', `?key=${key}`)).status).toBe(403);
    expect((await hook(b, 'on_publish', stream, `?key=${key}`)).status).toBe(200);
    const published = await call(ctxOf(a), x.token, liveApi.state, { sessionId: stream });
    expect(published.data.state).toBe('deviceConnected');
    expect(published.data.publishTime).toBeGreaterThanOrEqual(started.data.startTime);

    const token = tokenOf(state.data.playUrl);
    expect((await hook(b, 'on_play', stream, '?token=forged.token')).status).toBe(403);
    expect((await hook(b, 'on_play', `${stream}x`, `?token=${token}`)).status).toBe(403);
    expect((await hook(b, 'on_play', stream, `?token=${token}`)).status).toBe(200);
    expect((await call(ctxOf(a), x.token, liveApi.state, { sessionId: stream })).data.viewers).toBe(1);
    expect((await hook(a, 'on_stop', stream, '?token=forged.token')).status).toBe(403);
    expect((await call(ctxOf(b), x.token, liveApi.state, { sessionId: stream })).data.viewers).toBe(1);
    expect((await hook(a, 'on_stop', stream, `?token=${token}`)).status).toBe(200);
    expect((await call(ctxOf(b), x.token, liveApi.state, { sessionId: stream })).data.viewers).toBe(0);

    const stopped = await call(ctxOf(b), x.token, liveApi.stop, { sessionId: stream });
    expect(stopped.data.state).toBe('publishDone');
    expect(liveCommands(x.uuid, 'stop').map((s) => s.payload)).toEqual([{ action: 'stop', stream, channel: 1, reason: 'viewer' }]);
    expect((await call(ctxOf(a), x.token, liveApi.state, { sessionId: stream })).data.state).toBe('publishDone');
    // Stopping again changes nothing and tells the device nothing more; the ended session's key and tokens open nothing.
    expect((await call(ctxOf(a), x.token, liveApi.stop, { sessionId: stream })).data.state).toBe('publishDone');
    expect(liveCommands(x.uuid, 'stop')).toHaveLength(1);
    expect((await hook(a, 'on_publish', stream, `?key=${key}`)).status).toBe(403);
    expect((await hook(a, 'on_play', stream, `?token=${token}`)).status).toBe(403);
  });

  it('answers a start of the same channel on two nodes at once with one session and one start command', async () => {
    const y = await setup(a, 'Y');
    companies.push(y.company.companyId);
    const [one, two] = await Promise.all([
      call(ctxOf(a), y.token, liveApi.start, { vehicleId: y.vehicleId, channel: 2 }),
      call(ctxOf(b), y.token, liveApi.start, { deviceId: y.deviceId, channel: 2 }),
    ]);
    expect(one.codeKey).toBe('REQUEST_SUCCESS');
    expect(two.codeKey).toBe('REQUEST_SUCCESS');
    expect(two.data.sessionId).toBe(one.data.sessionId);
    expect(liveCommands(y.uuid, 'start')).toHaveLength(1);
    const open = await db()
      .select({ stream: liveSession.stream })
      .from(liveSession)
      .where(and(eq(liveSession.deviceId, y.deviceId), eq(liveSession.channel, 2)));
    expect(open).toHaveLength(1);

    // The publisher leaves (on_unpublish, with its key): the session ends as publish done, without a stop command.
    const stream: string = one.data.sessionId;
    const key = keyOf(y.uuid, stream);
    expect((await hook(b, 'on_publish', stream, `?key=${key}`)).status).toBe(200);
    expect((await hook(a, 'on_unpublish', stream, '?key=wrong')).status).toBe(403);
    expect((await call(ctxOf(b), y.token, liveApi.state, { sessionId: stream })).data.state).toBe('deviceConnected');
    expect((await hook(a, 'on_unpublish', stream, `?key=${key}`)).status).toBe(200);
    expect((await call(ctxOf(b), y.token, liveApi.state, { sessionId: stream })).data.state).toBe('publishDone');
    expect(liveCommands(y.uuid, 'stop')).toHaveLength(0);

    // A new start is a new session.
    const again = await call(ctxOf(b), y.token, liveApi.start, { vehicleId: y.vehicleId, channel: 2 });
    expect(again.data.sessionId).not.toBe(stream);
    expect((await call(ctxOf(a), y.token, liveApi.stop, { sessionId: again.data.sessionId })).data.state).toBe('publishDone');
  });

  it('answers PERMISSION_CHECK_FAIL to another company’s admin on state and stop, on either node', async () => {
    const mine = await setup(a, 'M');
    const theirs = await setup(b, 'T');
    const { data } = await call(ctxOf(a), mine.token, liveApi.start, { vehicleId: mine.vehicleId, channel: 1 });
    for (const node of [a, b]) {
      expect((await call(ctxOf(node), theirs.token, liveApi.state, { sessionId: data.sessionId })).codeKey).toBe('PERMISSION_CHECK_FAIL');
      expect((await call(ctxOf(node), theirs.token, liveApi.stop, { sessionId: data.sessionId })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    }
    expect((await call(ctxOf(b), mine.token, liveApi.state, { sessionId: data.sessionId })).data.state).toBe('ready');
    expect(liveCommands(mine.uuid, 'stop')).toHaveLength(0);
    expect((await call(ctxOf(b), mine.token, liveApi.stop, { sessionId: data.sessionId })).data.state).toBe('publishDone');
  });

  it('meters the minutes of each published session once', async () => {
    await a.close();
    await b.close();
    // One published session each: X stopped by a viewer, Y ended by its publisher (and Y's second never published).
    for (const companyId of companies) expect(await liveMinutes(companyId)).toBe(1);
  });
});

describe('idle sessions with an external media server', () => {
  it('stops a session nobody watches on exactly one of two nodes, and keeps one with a viewer', async () => {
    const c = await startNode('node-c', IDLE_MS);
    const d = await startNode('node-d', IDLE_MS);
    const z = await setup(c, 'Z');
    // Each published (and the second watched) right after its start: a session unwatched for IDLE_MS ends before its
    // publisher comes, which a loaded machine's slow steps in between once made happen.
    const idle = await call(ctxOf(c), z.token, liveApi.start, { vehicleId: z.vehicleId, channel: 1 });
    expect((await hook(d, 'on_publish', idle.data.sessionId, `?key=${keyOf(z.uuid, idle.data.sessionId)}`)).status).toBe(200);
    const watched = await call(ctxOf(d), z.token, liveApi.start, { vehicleId: z.vehicleId, channel: 2 });
    const token = tokenOf(watched.data.playUrl);
    expect((await hook(d, 'on_play', watched.data.sessionId, `?token=${token}`)).status).toBe(200);

    const stateOf = async (stream: string) => (await call(ctxOf(d), z.token, liveApi.state, { sessionId: stream })).data.state;
    await waitFor(async () => (await stateOf(idle.data.sessionId)) === 'publishDone', IDLE_MS + 10_000);
    // Both nodes sweep a few more times: the device still got one stop, and only for the unwatched stream.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const stops = liveCommands(z.uuid, 'stop');
    expect(stops.map((s) => s.payload)).toEqual([{ action: 'stop', stream: idle.data.sessionId, channel: 1, reason: 'idle' }]);
    expect(['node-c', 'node-d']).toContain(stops[0]?.node);
    expect(await stateOf(watched.data.sessionId)).toBe('ready');

    // Its viewer leaves: that one stops after the idle time too.
    expect((await hook(c, 'on_stop', watched.data.sessionId, `?token=${token}`)).status).toBe(200);
    await waitFor(async () => (await stateOf(watched.data.sessionId)) === 'publishDone', IDLE_MS + 10_000);
    expect(liveCommands(z.uuid, 'stop')).toHaveLength(2);

    await c.close();
    await d.close();
    // The idle session published: its minute is counted once, though both nodes swept it.
    expect(await liveMinutes(z.company.companyId)).toBe(1);
  }, 60_000);
});

describe('a node restarting', () => {
  it('ends the sessions its embedded media server carried, and leaves external ones to the sweep', async () => {
    const first = await startNode('node-e', 600_000);
    const w = await setup(first, 'W');
    await first.close();
    const now = new Date(Date.now() - 30_000);
    const row = {
      keyHash: 'x',
      deviceId: w.deviceId,
      deviceUuid: w.uuid,
      vehicleId: w.vehicleId,
      licensePlate: null,
      channels: 2,
      belongAgentId: w.company.agentId,
      belongCompanyId: w.company.companyId,
      state: 'deviceConnected' as const,
      startedAt: now,
      publishedAt: now,
      viewers: 1,
      viewersChangedAt: now,
    };
    // Left behind by a crash of node-e (embedded), and an external session it started.
    await db()
      .insert(liveSession)
      .values([
        { ...row, stream: `crash-${w.uuid}`, channel: 1, media: 'embedded', ownerNode: 'node-e' },
        { ...row, stream: `ext-${w.uuid}`, channel: 2, media: 'external', ownerNode: 'node-e' },
        { ...row, stream: `other-${w.uuid}`, channel: 3, media: 'embedded', ownerNode: 'node-f' },
      ]);

    const again = await startNode('node-e', 600_000);
    const stateOf = async (stream: string) => (await call(ctxOf(again), w.token, liveApi.state, { sessionId: stream })).data.state;
    expect(await stateOf(`crash-${w.uuid}`)).toBe('publishDone');
    expect(await stateOf(`ext-${w.uuid}`)).toBe('deviceConnected');
    expect(await stateOf(`other-${w.uuid}`)).toBe('deviceConnected');
    // The device is told (once the node's gateway is there: here at once).
    await waitFor(() => liveCommands(w.uuid, 'stop').length > 0);
    expect(liveCommands(w.uuid, 'stop').map((s) => s.payload)).toEqual([
      { action: 'stop', stream: `crash-${w.uuid}`, channel: 1, reason: 'shutdown' },
    ]);
    await again.close();
  }, 60_000);
});
