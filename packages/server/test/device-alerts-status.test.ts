import type { DeviceRunningStatus } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlert } from '../src/db/schema.js';
import { seedDevice, waitFor } from './gateway-fixtures.js';
import { call } from './identity-fixtures.js';
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
const STATUS = '/v2/device/running/status/list';
const status = async (token: string, query = '') => {
  const res = await call(ctx, token, 'GET', `${STATUS}${query}`);
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200 });
  return res.data as { records: DeviceRunningStatus[]; total: number };
};
const ids = (page: { records: DeviceRunningStatus[] }) => page.records.map((row) => row.deviceId);

describe('the devices’ running status (GET /v2/device/running/status/list)', () => {
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
    expect(ids(await status(tokens.company, '?online=true'))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, '?online=false'))).toEqual([quietId]);
    expect(ids(await status(tokens.company, '?faults=open'))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, '?faults=pending'))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, '?faults=none'))).toEqual([quietId]);
    expect(ids(await status(tokens.company, `?keyword=${encodeURIComponent(mine.plate.toLowerCase())}`))).toEqual([mine.deviceId]);
    expect(ids(await status(tokens.company, '?keyword=quiet'))).toEqual([quietId]);
    expect(ids(await status(tokens.company, '?keyword=spare'))).toEqual([quietId]);
    expect(ids(await status(tokens.company, `?deviceId=${quietId}`))).toEqual([quietId]);
    // The user's % is a character, not a wildcard.
    expect(await status(tokens.company, '?keyword=%25')).toEqual({ records: [], total: 0 });
  });

  it('pages: the total beside every page, and past the end', async () => {
    expect(await status(tokens.company, '?limit=1')).toMatchObject({ total: 2, records: [{ deviceId: mine.deviceId }] });
    expect(await status(tokens.company, '?limit=1&page=2')).toMatchObject({ total: 2, records: [{ deviceId: quietId }] });
    expect(await status(tokens.company, '?limit=1&page=9')).toEqual({ total: 2, records: [] });
    expect(await status(tokens.company, '?faults=open&page=9')).toEqual({ total: 1, records: [] });
  });

  it('follows the data scope: the fleet sees it, a Site Admin and another company see none of it', async () => {
    expect(ids(await status(tokens.fleet))).toEqual([mine.deviceId, quietId]);
    expect(await status(tokens.site)).toEqual({ records: [], total: 0 });
    const theirPage = await status(tokens.other);
    expect(ids(theirPage)).toEqual([theirs.deviceId]);
    expect(await status(tokens.other, `?keyword=${encodeURIComponent(mine.uuid)}`)).toEqual({ records: [], total: 0 });
    expect(await status(tokens.other, `?deviceId=${mine.deviceId}`)).toEqual({ records: [], total: 0 });
    const everything = await status(tokens.super);
    expect(ids(everything)).toEqual(expect.arrayContaining([mine.deviceId, quietId, theirs.deviceId]));
    expect(everything.records[0]?.deviceId).toBe(mine.deviceId);
  });

  it('counts a handled fault as open, not pending', async () => {
    const camera = (await alertsOf(mine.deviceId)).find((row) => row.code === 'cameraLost');
    const handled = await call(ctx, tokens.company, 'PUT', '/v2/device/running/event/handle', { ids: [camera?.id] });
    expect(handled).toMatchObject({ code: 200, data: { handled: 1 } });
    const [row] = (await status(tokens.company, '?faults=open')).records;
    expect(row?.pending).toBe(1);
    expect(row?.openFaults.find((fault) => fault.code === 'cameraLost')).toMatchObject({ channel: 1, handled: true });
    expect(row?.openFaults.find((fault) => fault.code === 'storageFull')).toMatchObject({ handled: false });
  });

  it('refuses malformed input', async () => {
    for (const query of [
      '?page=0',
      '?page=2147483648',
      '?limit=0',
      '?limit=501',
      '?online=maybe',
      '?faults=broken',
      '?faults=',
      '?deviceId=0',
      '?deviceId=2147483648',
      `?keyword=${'x'.repeat(65)}`,
    ]) {
      expect(await call(ctx, tokens.company, 'GET', `${STATUS}${query}`), query).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
  });

  it('wants a session', async () => {
    expect(await call(ctx, '', 'GET', STATUS)).toMatchObject({ status: 401 });
  });
});

describe('one device’s alerts (GET /v2/device/running/event/list?deviceId=)', () => {
  const LIST = '/v2/device/running/event/list';

  it('lists only that device’s alerts, newest first, every state', async () => {
    await ctx.database.db.insert(deviceAlert).values({ deviceId: quietId, code: 'gpsLost', raisedAt: new Date(Date.now() - 60_000) });
    const page = await call(ctx, tokens.company, 'GET', `${LIST}?deviceId=${mine.deviceId}`);
    expect(page.data.total).toBe(2);
    expect(page.data.records.every((alert: { deviceId: number }) => alert.deviceId === mine.deviceId)).toBe(true);
    const quiet = await call(ctx, tokens.fleet, 'GET', `${LIST}?deviceId=${quietId}`);
    expect(quiet.data.records).toEqual([expect.objectContaining({ deviceId: quietId, code: 'gpsLost', state: 'pending' })]);
    expect((await call(ctx, tokens.company, 'GET', `${LIST}?deviceId=${mine.deviceId}&state=handled`)).data.total).toBe(1);
    expect((await call(ctx, tokens.super, 'GET', `${LIST}?deviceId=${theirs.deviceId}`)).data.total).toBe(0);
  });

  it('refuses a device of another organisation, and a Site Admin any device', async () => {
    expect(await call(ctx, tokens.other, 'GET', `${LIST}?deviceId=${mine.deviceId}`)).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, tokens.company, 'GET', `${LIST}?deviceId=${theirs.deviceId}`)).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, tokens.site, 'GET', `${LIST}?deviceId=${mine.deviceId}`)).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // Whoever would see it learns that it does not exist; anyone else learns nothing.
    expect(await call(ctx, tokens.super, 'GET', `${LIST}?deviceId=2147483647`)).toMatchObject({ codeKey: 'DEVICE_NOT_EXIST' });
    expect(await call(ctx, tokens.company, 'GET', `${LIST}?deviceId=2147483647`)).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
  });

  it('refuses a malformed device id', async () => {
    for (const deviceId of ['0', '-1', '2147483648', '1.5', 'abc', '']) {
      expect(await call(ctx, tokens.company, 'GET', `${LIST}?deviceId=${deviceId}`), deviceId).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
  });
});
