import { deviceAlertApi, type InputOf } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlert } from '../src/db/schema.js';
import { call, callUnchecked, callWithEmptyField } from './api-client.js';
import { seedDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { alarmWorld, type SosFleet, simulatorOf } from './sos-fixtures.js';

let world: Awaited<ReturnType<typeof alarmWorld>>;
let ctx: Awaited<ReturnType<typeof alarmWorld>>['ctx'];
let mine: SosFleet;
let theirs: SosFleet;
let tokens: Awaited<ReturnType<typeof alarmWorld>>['tokens'];
let sim: SimDevice;
/** A second device of my company: never connected, no faults, bound to nothing. */
let quietId: number;
const quietUuid = 'STATUS-QUIET-0001';

beforeAll(async () => {
  world = await alarmWorld('Status');
  ({ ctx, mine, theirs, tokens } = world);
  const company = { agentId: mine.tree.agent, companyId: mine.tree.company, key: '' };
  ({ id: quietId } = await seedDevice(ctx.database.db, company, quietUuid, { belongFleetId: mine.tree.fleet, name: 'Spare' }));
  sim = await simulatorOf(mine, world.brokerUrl);
  // Not yet announced, the set goes out with the device's hello: either way the alerts arrive.
  await sim.setFaults([{ code: 'cameraLost', channel: 1 }, { code: 'storageFull' }]);
  await waitFor(async () => (await alertsOf(mine.deviceId)).length === 2, 15_000);
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await world?.close();
}, 60_000);

const alertsOf = (deviceId: number) => ctx.database.db.select().from(deviceAlert).where(eq(deviceAlert.deviceId, deviceId));
type StatusQuery = InputOf<typeof deviceAlertApi.statusList>;
const status = async (token: string, query: Partial<StatusQuery> = {}) => {
  const res = await call(ctx, token, deviceAlertApi.statusList, { ...firstPage, ...query });
  expect(res, res.res.body).toMatchObject({ code: 200 });
  return res.data;
};
const ids = (page: { records: { deviceId: number }[] }) => page.records.map((row) => row.deviceId);

describe('the devices’ running status (deviceAlertApi.statusList)', () => {
  it('lists every device of the scope with its open faults, the failing one first', async () => {
    const page = await status(tokens.company);
    expect(page.total).toBe(2);
    expect(ids(page)).toEqual([mine.deviceId, quietId]);
    const [failing, quiet] = page.records;
    expect(failing).toMatchObject({
      deviceUuid: mine.uuid,
      licensePlate: mine.plate,
      vehicleId: mine.vehicleId,
      online: true,
      pending: 2,
    });
    expect(failing?.lastOnlineTime).toEqual(expect.any(Number));
    expect(failing?.healthTime).toEqual(expect.any(Number));
    expect(failing?.openFaults).toEqual(
      expect.arrayContaining([
        { code: 'cameraLost', channel: 1, raisedTime: failing?.healthTime, handled: false },
        { code: 'storageFull', channel: null, raisedTime: failing?.healthTime, handled: false },
      ]),
    );
    expect(quiet).toEqual({
      deviceId: quietId,
      deviceUuid: quietUuid,
      name: 'Spare',
      vehicleId: null,
      licensePlate: null,
      online: false,
      lastOnlineTime: null,
      healthTime: null,
      openFaults: [],
      pending: 0,
    });
  });

  it('filters by online state, faults and uuid, name or plate', async () => {
    expect(ids(await status(tokens.company, { online: true }))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, { online: false }))).toEqual([quietId]);
    expect(ids(await status(tokens.company, { faults: 'open' }))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, { faults: 'pending' }))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, { faults: 'none' }))).toEqual([quietId]);
    expect(ids(await status(tokens.company, { keyword: mine.plate.toLowerCase() }))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, { keyword: 'quiet' }))).toEqual([quietId]);
    expect(ids(await status(tokens.company, { keyword: 'spare' }))).toEqual([quietId]);
    expect(ids(await status(tokens.company, { deviceId: quietId }))).toEqual([quietId]);
    // The user's % is a character, not a wildcard.
    expect(await status(tokens.company, { keyword: '%' })).toEqual({ records: [], total: 0 });
  });

  it('pages: the total beside every page, and past the end', async () => {
    expect(await status(tokens.company, { limit: 1 })).toMatchObject({ total: 2, records: [{ deviceId: mine.deviceId }] });
    expect(await status(tokens.company, { limit: 1, page: 2 })).toMatchObject({ total: 2, records: [{ deviceId: quietId }] });
    expect(await status(tokens.company, { limit: 1, page: 9 })).toEqual({ total: 2, records: [] });
    expect(await status(tokens.company, { faults: 'open', page: 9 })).toEqual({ total: 1, records: [] });
  });

  it('follows the data scope: the fleet sees it, a Site Admin and another company see none of it', async () => {
    expect(ids(await status(tokens.fleet))).toEqual([mine.deviceId, quietId]);
    expect(await status(tokens.site)).toEqual({ records: [], total: 0 });
    const theirPage = await status(tokens.other);
    expect(ids(theirPage)).toEqual([theirs.deviceId]);
    expect(await status(tokens.other, { keyword: mine.uuid })).toEqual({ records: [], total: 0 });
    expect(await status(tokens.other, { deviceId: mine.deviceId })).toEqual({ records: [], total: 0 });
    const everything = await status(tokens.super);
    expect(ids(everything)).toEqual(expect.arrayContaining([mine.deviceId, quietId, theirs.deviceId]));
    expect(everything.records[0]?.deviceId).toBe(mine.deviceId);
  });

  it('counts a handled fault as open, not pending', async () => {
    const camera = (await alertsOf(mine.deviceId)).find((row) => row.code === 'cameraLost');
    const handled = await call(ctx, tokens.company, deviceAlertApi.handle, { ids: [camera?.id ?? 0] });
    expect(handled).toMatchObject({ code: 200, data: { handled: 1 } });
    const [row] = (await status(tokens.company, { faults: 'open' })).records;
    expect(row?.pending).toBe(1);
    expect(row?.openFaults.find((fault) => fault.code === 'cameraLost')).toMatchObject({ channel: 1, handled: true });
    expect(row?.openFaults.find((fault) => fault.code === 'storageFull')).toMatchObject({ handled: false });
  });

  it('refuses malformed input', async () => {
    for (const query of [
      { page: 0 },
      { page: 2147483648 },
      { limit: 0 },
      { limit: 501 },
      { online: 'maybe' },
      { faults: 'broken' },
      { deviceId: 0 },
      { deviceId: 2147483648 },
      { keyword: 'x'.repeat(65) },
    ]) {
      expect(await callUnchecked(ctx, tokens.company, deviceAlertApi.statusList, query), JSON.stringify(query)).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
    expect(await callWithEmptyField(ctx, tokens.company, deviceAlertApi.statusList, 'faults')).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });

  it('wants a session', async () => {
    expect(await call(ctx, undefined, deviceAlertApi.statusList, firstPage)).toMatchObject({ status: 401 });
  });
});

describe('one device’s alerts (deviceAlertApi.list with a deviceId)', () => {
  const alerts = (token: string, query: Partial<InputOf<typeof deviceAlertApi.list>>) =>
    call(ctx, token, deviceAlertApi.list, { ...firstPage, ...query });

  it('lists only that device’s alerts, newest first, every state', async () => {
    await ctx.database.db.insert(deviceAlert).values({ deviceId: quietId, code: 'gpsLost', raisedAt: new Date(Date.now() - 60_000) });
    const page = await alerts(tokens.company, { deviceId: mine.deviceId });
    expect(page.data.total).toBe(2);
    expect(page.data.records.every((alert) => alert.deviceId === mine.deviceId)).toBe(true);
    const quiet = await alerts(tokens.fleet, { deviceId: quietId });
    expect(quiet.data.records).toEqual([expect.objectContaining({ deviceId: quietId, code: 'gpsLost', state: 'pending' })]);
    expect((await alerts(tokens.company, { deviceId: mine.deviceId, state: 'handled' })).data.total).toBe(1);
    expect((await alerts(tokens.super, { deviceId: theirs.deviceId })).data.total).toBe(0);
  });

  it('refuses a device of another organisation, and a Site Admin any device', async () => {
    expect(await alerts(tokens.other, { deviceId: mine.deviceId })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await alerts(tokens.company, { deviceId: theirs.deviceId })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await alerts(tokens.site, { deviceId: mine.deviceId })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // Whoever would see it learns that it does not exist; anyone else learns nothing.
    expect(await alerts(tokens.super, { deviceId: 2147483647 })).toMatchObject({ codeKey: 'DEVICE_NOT_EXIST' });
    expect(await alerts(tokens.company, { deviceId: 2147483647 })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
  });

  it('refuses a malformed device id', async () => {
    for (const deviceId of ['0', '-1', '2147483648', '1.5', 'abc']) {
      expect(await callUnchecked(ctx, tokens.company, deviceAlertApi.list, { deviceId }), deviceId).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
    expect(await callWithEmptyField(ctx, tokens.company, deviceAlertApi.list, 'deviceId')).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });
});
