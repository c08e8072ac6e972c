import { sosApi } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incident, operationLog, sos } from '../src/db/schema.js';
import { parseSos } from '../src/gateway/messages.js';
import { call, callUnchecked } from './api-client.js';
import { connectDevice, waitFor } from './gateway-fixtures.js';
import { alarmWorld, consoleSocket, type SosFleet, simulatorOf } from './sos-fixtures.js';

let world: Awaited<ReturnType<typeof alarmWorld>>;
let ctx: Awaited<ReturnType<typeof alarmWorld>>['ctx'];
let gateway: Awaited<ReturnType<typeof alarmWorld>>['gateway'];
let baseUrl: string;
let brokerUrl: string;
let mine: SosFleet;
let theirs: SosFleet;
let myToken: string;
let theirToken: string;
let fleetToken: string;
let siteToken: string;
let superToken: string;
const sims: SimDevice[] = [];
const clients: MqttClient[] = [];

beforeAll(async () => {
  world = await alarmWorld('Sos');
  ({ ctx, gateway, baseUrl, brokerUrl, mine, theirs } = world);
  ({ super: superToken, company: myToken, fleet: fleetToken, site: siteToken, other: theirToken } = world.tokens);
}, 60_000);
afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.stop()));
  await Promise.all(clients.map((client) => client.endAsync()));
  await world?.close();
}, 60_000);

const rowsOf = (deviceId: number) => ctx.database.db.select().from(sos).where(eq(sos.deviceId, deviceId)).orderBy(sos.id);

describe('an S.O.S from a device', () => {
  it('is filed with a panicButton incident and pushed to the consoles in scope only; a release stops it', async () => {
    const sim = await simulatorOf(mine, brokerUrl);
    sims.push(sim);
    const me = await consoleSocket(baseUrl, myToken);
    const other = await consoleSocket(baseUrl, theirToken);
    const startId = await sim.pressSos();
    expect(startId).toBeTruthy();
    const started = await me.next('sos');
    expect(started).toMatchObject({
      type: 'sos',
      state: 'started',
      sos: { deviceId: mine.deviceId, licensePlate: mine.plate, vehicleId: mine.vehicleId, state: 'active', stopTime: null },
    });
    expect(started.sos.startLocalTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [row] = await rowsOf(mine.deviceId);
    expect(row).toMatchObject({ startMessageId: startId, belongCompanyId: mine.tree.company, belongFleetId: mine.tree.fleet });
    const [filed] = await ctx.database.db
      .select()
      .from(incident)
      .where(eq(incident.id, started.sos.eventId ?? 0));
    expect(filed).toMatchObject({ type: 'panicButton', vehicleId: mine.vehicleId, licensePlate: mine.plate, messageId: `sos:${startId}` });

    const board = await call(ctx, myToken, sosApi.active);
    expect(board.data).toEqual([started.sos]);
    expect((await call(ctx, myToken, sosApi.count)).data).toEqual({ count: 1 });
    expect((await call(ctx, fleetToken, sosApi.count)).data).toEqual({ count: 1 });
    expect((await call(ctx, theirToken, sosApi.count)).data).toEqual({ count: 0 });
    expect((await call(ctx, theirToken, sosApi.active)).data).toEqual([]);
    expect((await call(ctx, siteToken, sosApi.active)).data).toEqual([]);

    await expect(sim.releaseSos()).resolves.toBe(true);
    expect(await me.next('sos')).toMatchObject({ state: 'stopped', sos: { id: started.sos.id, state: 'stopped' } });
    const [stopped] = await rowsOf(mine.deviceId);
    expect(stopped?.stopAt).toBeInstanceOf(Date);
    // Released is still open: an operator has to close it.
    expect((await call(ctx, myToken, sosApi.count)).data).toEqual({ count: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.received.filter((m) => m.type === 'sos')).toEqual([]);
    me.close();
    other.close();
  });

  it('is closed by a writer, on the row and in the operation log; others may not', async () => {
    const me = await consoleSocket(baseUrl, myToken);
    const [row] = await rowsOf(mine.deviceId);
    const id = row?.id ?? 0;
    expect(await call(ctx, theirToken, sosApi.close, { id })).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, siteToken, sosApi.close, { id })).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await callUnchecked(ctx, myToken, sosApi.close, { id: 'x' })).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    expect(await call(ctx, superToken, sosApi.close, { id: 987_654 })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    const closed = await call(ctx, myToken, sosApi.close, { id });
    expect(closed).toMatchObject({ code: 200, data: { id, state: 'closed', closedBy: 'sos.company' } });
    expect(await me.next('sos')).toMatchObject({ state: 'closed', sos: { id, state: 'closed' } });
    const [after] = await rowsOf(mine.deviceId);
    expect(after).toMatchObject({ state: 'closed', closedByName: 'sos.company' });
    expect(after?.closedAt).toBeInstanceOf(Date);
    const lines = await ctx.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'sos.close'), eq(operationLog.result, 'REQUEST_SUCCESS')));
    expect(lines).toEqual([expect.objectContaining({ target: String(id), username: 'sos.company' })]);
    // Closing again changes nothing and pushes nothing.
    expect((await call(ctx, myToken, sosApi.close, { id })).data).toMatchObject({ state: 'closed' });
    expect((await call(ctx, myToken, sosApi.count)).data).toEqual({ count: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(me.received.filter((m) => m.type === 'sos')).toEqual([]);
    me.close();
  });

  it('stores a resent start or stop once', async () => {
    const client = await connectDevice(gateway.port ?? 0, theirs.uuid, theirs.secret);
    clients.push(client);
    const other = await consoleSocket(baseUrl, theirToken);
    const start = JSON.stringify({
      v: 1,
      id: 'again-1',
      at: Date.now(),
      state: 'start',
      localTime: '2026-11-23 17:00:00',
      lat: 59.9,
      lng: 10.7,
    });
    await client.publishAsync(`dev/${theirs.uuid}/up/sos`, start, { qos: 1 });
    await client.publishAsync(`dev/${theirs.uuid}/up/sos`, start, { qos: 1 });
    expect(await other.next('sos')).toMatchObject({ state: 'started', sos: { startLocalTime: '2026-11-23 17:00:00', lat: 59.9 } });
    const stop = JSON.stringify({ v: 1, id: 'again-2', at: Date.now(), state: 'stop', startId: 'again-1' });
    await client.publishAsync(`dev/${theirs.uuid}/up/sos`, stop, { qos: 1 });
    await client.publishAsync(`dev/${theirs.uuid}/up/sos`, stop, { qos: 1 });
    await other.next('sos');
    await waitFor(async () => (await rowsOf(theirs.deviceId))[0]?.state === 'stopped');
    expect(await rowsOf(theirs.deviceId)).toHaveLength(1);
    const incidents = await ctx.database.db.select().from(incident).where(eq(incident.deviceId, theirs.deviceId));
    expect(incidents).toHaveLength(1);
    // A malformed one is acknowledged and dropped.
    await client.publishAsync(`dev/${theirs.uuid}/up/sos`, JSON.stringify({ v: 1, id: 'bad', at: Date.now(), state: 'pressed' }), {
      qos: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.received.filter((m) => m.type === 'sos')).toEqual([]);
    expect(await rowsOf(theirs.deviceId)).toHaveLength(1);
    other.close();
  });

  it('pages the history 10 at a time, newest first, in scope only', async () => {
    const values = Array.from({ length: 23 }, (_, i) => ({
      deviceId: mine.deviceId,
      deviceUuid: mine.uuid,
      startMessageId: `history-${i}`,
      licensePlate: mine.plate,
      vehicleId: mine.vehicleId,
      startLocalTime: `2026-01-01 00:00:${String(i).padStart(2, '0')}`,
      startAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      state: 'closed' as const,
      belongAgentId: mine.tree.agent,
      belongCompanyId: mine.tree.company,
      belongFleetId: mine.tree.fleet,
    }));
    await ctx.database.db.insert(sos).values(values);
    // The paging the server takes when a call names none (10 a page) is under test: the calls leave it out.
    const history = (token: string, paging: { page?: number; limit?: number } = {}) => callUnchecked(ctx, token, sosApi.history, paging);
    const first = await history(myToken);
    expect(first.data.total).toBe(24);
    expect(first.data.records).toHaveLength(10);
    expect(first.data.records[0]).toMatchObject({ vehicleLicensePlate: mine.plate, state: 'closed' });
    const third = await history(myToken, { page: 3 });
    expect(third.data.records).toHaveLength(4);
    expect(third.data.records.at(-1)).toMatchObject({ localTime: '2026-01-01 00:00:00' });
    expect((await call(ctx, myToken, sosApi.history, { page: 1, limit: 5 })).data.records).toHaveLength(5);
    expect(await history(myToken, { limit: 0 })).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    const others = await history(theirToken);
    expect(others.data.total).toBe(1);
    expect(others.data.records[0]).toMatchObject({ deviceId: theirs.deviceId });
    expect((await history(superToken)).data.total).toBe(25);
  });
});

describe('the sos message', () => {
  const at = Date.now();
  it('takes a start or a stop, and refuses what is malformed', () => {
    expect(parseSos({ state: 'start', localTime: ' 2026-11-23 17:00:00 ', lat: 1, lng: 2, speed: 30 }, at)).toEqual({
      ok: true,
      value: { state: 'start', time: at, localTime: '2026-11-23 17:00:00', lat: 1, lng: 2, speed: 30, startId: null },
    });
    expect(parseSos({ state: 'stop', startId: 42, time: Math.floor(at / 1000) }, at)).toMatchObject({
      ok: true,
      value: { state: 'stop', startId: '42', time: Math.floor(at / 1000) * 1000 },
    });
    expect(parseSos({ state: 'pressed' }, at).ok).toBe(false);
    expect(parseSos({ state: 'start', lat: 1 }, at).ok).toBe(false);
    expect(parseSos({ state: 'start', time: 5 }, at).ok).toBe(false);
    expect(parseSos({ state: 'start', localTime: 'x'.repeat(65) }, at).ok).toBe(false);
    expect(parseSos({ state: 'stop', startId: '' }, at).ok).toBe(false);
  });
});
