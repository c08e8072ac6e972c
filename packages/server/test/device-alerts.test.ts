import { dashboardApi, deviceAlertApi, type InputOf } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlert, operationLog } from '../src/db/schema.js';
import { parseHealth } from '../src/gateway/messages.js';
import { call, callUnchecked } from './api-client.js';
import { connectDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { alarmWorld, consoleSocket, type SosFleet, simulatorOf } from './sos-fixtures.js';

let world: Awaited<ReturnType<typeof alarmWorld>>;
let ctx: Awaited<ReturnType<typeof alarmWorld>>['ctx'];
let baseUrl: string;
let mine: SosFleet;
let theirs: SosFleet;
let myToken: string;
let fleetToken: string;
let siteToken: string;
let theirToken: string;
let superToken: string;
let sim: SimDevice;
let raw: MqttClient;

beforeAll(async () => {
  world = await alarmWorld('Alert');
  ({ ctx, baseUrl, mine, theirs } = world);
  ({ super: superToken, company: myToken, fleet: fleetToken, site: siteToken, other: theirToken } = world.tokens);
  sim = await simulatorOf(mine, world.brokerUrl);
  raw = await connectDevice(world.gateway.port ?? 0, theirs.uuid, theirs.secret);
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await raw?.endAsync();
  await world?.close();
}, 60_000);

const count = async (token: string) => (await call(ctx, token, deviceAlertApi.count)).data.count;
const alertsOf = (deviceId: number) =>
  ctx.database.db.select().from(deviceAlert).where(eq(deviceAlert.deviceId, deviceId)).orderBy(deviceAlert.id);
const health = (id: string, at: number, faults: unknown[]) => JSON.stringify({ v: 1, id, at, faults });

describe('parseHealth', () => {
  const at = Date.UTC(2026, 10, 23);
  it('takes the whole set, merging repeats, a camera by its channel', () => {
    const parsed = parseHealth(
      { faults: [{ code: 'cameraLost', channel: 2 }, { code: 'storageFull' }, { code: 'cameraLost', channel: 2 }] },
      at,
      at,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        time: at,
        faults: [
          { code: 'cameraLost', channel: 2 },
          { code: 'storageFull', channel: 0 },
        ],
        unknown: [],
      },
    });
  });
  it('skips codes it does not know and refuses malformed faults', () => {
    expect(parseHealth({ faults: [{ code: 'fanNoise', channel: 9 }, { code: 'gpsLost' }] }, at, at)).toMatchObject({
      ok: true,
      value: { faults: [{ code: 'gpsLost', channel: 0 }], unknown: ['fanNoise'] },
    });
    expect(parseHealth({ faults: [{ code: 'cameraLost' }] }, at, at)).toMatchObject({ ok: false });
    expect(parseHealth({ faults: [{ code: 'cameraLost', channel: 17 }] }, at, at)).toMatchObject({ ok: false });
    expect(parseHealth({ faults: [{ code: 'gpsLost', channel: 1 }] }, at, at)).toMatchObject({ ok: false });
    expect(parseHealth({ faults: 'none' }, at, at)).toMatchObject({ ok: false });
    expect(parseHealth({ faults: Array.from({ length: 33 }, () => ({ code: 'gpsLost' })) }, at, at)).toMatchObject({ ok: false });
  });
  it('never dates a report after the portal’s clock', () => {
    expect(parseHealth({ faults: [] }, at + 60_000, at)).toMatchObject({ ok: true, value: { time: at } });
  });
});

describe('running-status alerts of a device', () => {
  it('are raised from the simulator’s report, counted in scope only and pushed to the consoles in scope', async () => {
    const me = await consoleSocket(baseUrl, myToken);
    const other = await consoleSocket(baseUrl, theirToken);
    await expect(sim.setFaults([{ code: 'cameraLost', channel: 1 }, { code: 'storageFull' }])).resolves.toBe(true);
    expect(await me.next('deviceAlert')).toEqual({ type: 'deviceAlert', change: 'raised', deviceId: mine.deviceId });
    expect(await count(myToken)).toBe(2);
    expect(await count(fleetToken)).toBe(2);
    expect(await count(superToken)).toBe(2);
    expect(await count(theirToken)).toBe(0);
    expect(await count(siteToken)).toBe(0);

    const page = await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, state: 'pending' });
    expect(page.data.total).toBe(2);
    expect(page.data.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'cameraLost', channel: 1, state: 'pending', licensePlate: mine.plate, deviceUuid: mine.uuid }),
        expect.objectContaining({ code: 'storageFull', channel: null, state: 'pending', clearedTime: null }),
      ]),
    );
    expect((await call(ctx, theirToken, deviceAlertApi.list, firstPage)).data).toEqual({ records: [], total: 0 });
    expect((await call(ctx, myToken, dashboardApi.maintenance)).data).toMatchObject({ alerts: 2 });
    expect((await call(ctx, theirToken, dashboardApi.maintenance)).data).toMatchObject({ alerts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.received.filter((m) => m.type === 'deviceAlert')).toEqual([]);

    // The camera is back: its alert is cleared, the card's stays.
    await expect(sim.setFaults([{ code: 'storageFull' }])).resolves.toBe(true);
    expect(await me.next('deviceAlert')).toMatchObject({ change: 'cleared' });
    expect(await count(myToken)).toBe(1);
    const cleared = await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, state: 'cleared' });
    expect(cleared.data.records).toEqual([expect.objectContaining({ code: 'cameraLost', state: 'cleared' })]);
    const [clearedAlert] = cleared.data.records;
    expect(clearedAlert?.clearedTime).toBeGreaterThanOrEqual(clearedAlert?.raisedTime ?? Number.POSITIVE_INFINITY);
    // Finding by plate, by fault, and refusing a bad filter.
    expect((await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, keyword: mine.plate })).data.total).toBe(2);
    expect((await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, code: 'storageFull' })).data.total).toBe(1);
    expect(await callUnchecked(ctx, myToken, deviceAlertApi.list, { state: 'broken' })).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
    me.close();
    other.close();
  });

  it('are handled by an administrator in scope, all or none, recorded and pushed', async () => {
    const me = await consoleSocket(baseUrl, myToken);
    const [pending] = (await alertsOf(mine.deviceId)).filter((row) => row.clearedAt === null);
    const id = pending?.id ?? 0;
    const handle = (token: string, body: InputOf<typeof deviceAlertApi.handle>) => call(ctx, token, deviceAlertApi.handle, body);
    expect(await handle(theirToken, { ids: [id] })).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await handle(siteToken, { ids: [id] })).toMatchObject({ status: 403 });
    expect(await handle(myToken, { ids: [] })).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    expect(await handle(myToken, { ids: [id], note: 'x'.repeat(201) })).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    // One id of another organisation refuses the whole call: nothing changes.
    const [theirsRow] = await ctx.database.db
      .insert(deviceAlert)
      .values({ deviceId: theirs.deviceId, code: 'gpsLost', raisedAt: new Date() })
      .returning({ id: deviceAlert.id });
    expect(await handle(myToken, { ids: [id, theirsRow?.id ?? 0] })).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await count(myToken)).toBe(1);

    expect(await handle(myToken, { ids: [id], note: '  card ordered  ' })).toMatchObject({ code: 200, data: { handled: 1 } });
    expect(await me.next('deviceAlert')).toEqual({ type: 'deviceAlert', change: 'handled', deviceId: mine.deviceId });
    expect(await count(myToken)).toBe(0);
    const [row] = (await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, state: 'handled' })).data.records;
    expect(row).toMatchObject({ id, state: 'handled', handledBy: 'alert.company', note: 'card ordered' });
    const lines = await ctx.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'device.alert.handle'), eq(operationLog.result, 'REQUEST_SUCCESS')));
    expect(lines).toEqual([expect.objectContaining({ target: String(id), username: 'alert.company' })]);
    // Again: nothing new, the first note stays.
    expect((await handle(myToken, { ids: [id], note: 'again' })).data).toEqual({ handled: 0 });
    expect((await alertsOf(mine.deviceId)).find((r) => r.id === id)?.note).toBe('card ordered');
    // Handled but still failing: open, not pending; the device reporting it gone clears it.
    expect((await call(ctx, myToken, deviceAlertApi.list, { ...firstPage, state: 'open' })).data.total).toBe(1);
    await expect(sim.setFaults([])).resolves.toBe(true);
    await waitFor(async () => (await alertsOf(mine.deviceId)).every((r) => r.clearedAt !== null));
    me.close();
  });

  it('take a resent report once and ignore a late older one', async () => {
    const other = await consoleSocket(baseUrl, theirToken);
    const now = Date.now();
    const topic = `dev/${theirs.uuid}/up/health`;
    const before = (await alertsOf(theirs.deviceId)).length;
    await raw.publishAsync(topic, health('h-1', now, [{ code: 'overheat' }]), { qos: 1 });
    await raw.publishAsync(topic, health('h-1', now, [{ code: 'overheat' }]), { qos: 1 });
    expect(await other.next('deviceAlert')).toMatchObject({ change: 'raised', deviceId: theirs.deviceId });
    const open = (await alertsOf(theirs.deviceId)).filter((r) => r.code === 'overheat');
    expect(open).toHaveLength(1);
    // An older report arriving late would reopen nothing and clear nothing.
    await raw.publishAsync(topic, health('h-0', now - 60_000, []), { qos: 1 });
    // A malformed report is acknowledged and dropped.
    await raw.publishAsync(topic, health('h-bad', now, [{ code: 'cameraLost' }]), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await alertsOf(theirs.deviceId);
    expect(after).toHaveLength(before + 1);
    expect(after.find((r) => r.code === 'overheat')?.clearedAt).toBeNull();
    // The newer empty set clears everything open of that device.
    await raw.publishAsync(topic, health('h-2', now + 1, []), { qos: 1 });
    expect(await other.next('deviceAlert')).toMatchObject({ change: 'cleared' });
    await waitFor(async () => (await alertsOf(theirs.deviceId)).every((r) => r.clearedAt !== null));
    other.close();
  });
});
