import { codeKeys, PUSH_PATH, type PushServerMessage, vehicleApi } from '@safety-shield/contract';
import { messages } from '@safety-shield/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { localBus } from '../src/bus/bus.js';
import { call } from './api-client.js';
import { login, testConfig, testDatabase } from './helpers.js';
import { seedTree, signedIn, type Tree } from './identity-fixtures.js';

const bus = localBus();
let ctx: { app: Awaited<ReturnType<typeof buildApp>>; database: Awaited<ReturnType<typeof testDatabase>> };
let url: string;
let mine: number;
let theirs: number;
let token: string;
let tree: Tree;
let other: Tree;

/** A console socket that keeps every message it got. */
async function connect() {
  const socket = new WebSocket(url);
  const received: PushServerMessage[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async (type: PushServerMessage['type']) => {
    for (let i = 0; i < 100; i++) {
      const index = received.findIndex((m) => m.type === type);
      if (index >= 0) return received.splice(index, 1)[0] as PushServerMessage;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${type} message; got ${JSON.stringify(received)}`);
  };
  return { socket, received, next, send: (message: object) => socket.send(JSON.stringify(message)) };
}

beforeAll(async () => {
  const database = await testDatabase();
  const app = await buildApp(testConfig, database, { logger: false, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  ctx = { app, database };
  url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}${PUSH_PATH}`;
  // The fixtures take a test context; this one's app listens on a real port, so it closes it itself.
  const c = { ...ctx, close: async () => {} };
  const admin = await login(app);
  tree = await seedTree(c, admin, 'Push');
  other = await seedTree(c, admin, 'Elsewhere');
  token = (await signedIn(c, 'push.fleet', 'FLEET_ADMIN', tree)).token;
  mine = (await call(c, token, vehicleApi.create, { licensePlate: 'PUSH 1', fleetId: tree.fleet, initialMileageKm: 0 })).data.id;
  theirs = (await call(c, admin, vehicleApi.create, { licensePlate: 'PUSH 2', fleetId: other.fleet, initialMileageKm: 0 })).data.id;
});
afterAll(async () => {
  await ctx.app.close();
  await ctx.database.close();
});

describe('the console WebSocket', () => {
  it('pushes positions and presence of watched vehicles in scope only', async () => {
    const client = await connect();
    client.send({ type: 'auth', token });
    await client.next('ready');
    client.send({ type: 'watch', vehicleIds: [mine, theirs, 999_999] });
    expect(await client.next('watching')).toEqual({ type: 'watching', vehicleIds: [mine], refused: [theirs, 999_999] });
    const position = { lat: 59.9, lng: 10.7, speed: 42, heading: 90, dbm: -70, time: Date.now() };
    bus.publish('position', { vehicleId: theirs, deviceId: 2, position });
    bus.publish('position', { vehicleId: mine, deviceId: 1, position });
    expect(await client.next('position')).toEqual({ type: 'position', vehicleId: mine, deviceId: 1, position });
    bus.publish('presence', { vehicleId: mine, deviceId: 1, online: false, time: 5 });
    expect(await client.next('presence')).toMatchObject({ vehicleId: mine, online: false });
    expect(client.received.filter((m) => m.type === 'position')).toEqual([]);
    client.socket.close();
  });

  it('pushes new incidents of the caller’s scope to sockets that asked for them', async () => {
    const client = await connect();
    client.send({ type: 'auth', token });
    await client.next('ready');
    client.send({ type: 'incidents', on: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const base = { type: 'collision', triggerAt: 1, vehicleId: null };
    bus.publish('incident', { ...base, incidentId: 1, agentId: other.agent, companyId: other.company, fleetId: other.fleet });
    bus.publish('incident', { ...base, incidentId: 2, agentId: tree.agent, companyId: tree.company, fleetId: tree.fleet });
    expect(await client.next('incident')).toEqual({
      type: 'incident',
      eventId: 2,
      incidentType: 'collision',
      triggerTime: 1,
      vehicleId: null,
    });
    expect(client.received.filter((m) => m.type === 'incident')).toEqual([]);
    client.socket.close();
  });

  it('closes a socket that does not authenticate with a valid token', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));
    client.send({ type: 'watch', vehicleIds: [mine] });
    expect(await closed).toBe(4401);
    const second = await connect();
    const closedToo = new Promise<number>((resolve) => second.socket.once('close', resolve));
    second.send({ type: 'auth', token: 'forged' });
    expect(await second.next('error')).toEqual({ type: 'error', codeKey: 'PERMISSION_TOKEN_FAIL' });
    expect(await closedToo).toBe(4401);
  });

  it.each(['GET', 'HEAD'] as const)('answers a plain %s without the upgrade 426 with the envelope, translated', async (method) => {
    const res = await ctx.app.inject({ method, url: PUSH_PATH, headers: { 'accept-language': 'de' } });
    expect(res.statusCode).toBe(426);
    expect(res.headers.upgrade).toBe('websocket');
    if (method === 'GET') {
      expect(res.json()).toEqual({
        code: codeKeys.WEBSOCKET_UPGRADE_REQUIRED.code,
        codeKey: 'WEBSOCKET_UPGRADE_REQUIRED',
        msg: messages.de.WEBSOCKET_UPGRADE_REQUIRED,
        data: null,
      });
    }
  });
});
