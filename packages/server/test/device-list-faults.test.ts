import { type DeviceListQuery, deviceApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { device, deviceAlert } from '../src/db/schema.js';
import { call, callUnchecked, callWithEmptyField } from './api-client.js';
import { firstPage } from './helpers.js';
import { appWithTrees, signedIn, type Tree } from './identity-fixtures.js';

/** Issue 29: the device list says what still fails on a device (its open alerts), and filters by it. */
const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Faulty', other: 'Elsewhere' });
afterAll(() => ctx.close());
const companyAdmin = (await signedIn(ctx, 'faulty_company', 'COMPANY_ADMIN', tree)).token;
const fleetAdmin = (await signedIn(ctx, 'faulty_fleet', 'FLEET_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'elsewhere_company', 'COMPANY_ADMIN', other)).token;

const MINUTE = 60_000;
const t0 = Date.now() - 60 * MINUTE;

async function addDevice(uuid: string, chain: Tree) {
  const [row] = await ctx.database.db
    .insert(device)
    .values({ deviceUuid: uuid, online: true, belongAgentId: chain.agent, belongCompanyId: chain.company, belongFleetId: chain.fleet })
    .returning({ id: device.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** An alert as the device intake files it (channel 0: the whole device). */
async function addAlert(deviceId: number, code: string, at: number, fields: Partial<typeof deviceAlert.$inferInsert> = {}) {
  await ctx.database.db.insert(deviceAlert).values({ deviceId, code, raisedAt: new Date(at), ...fields });
}

// A camera lost since start-up (pending), a full card someone took on (handled), an old fault gone (cleared).
const cameraLost = await addDevice('FAULT-CAMERA-0001', tree);
await addAlert(cameraLost, 'cameraLost', t0, { channel: 2 });
await addAlert(cameraLost, 'storageFull', t0 + MINUTE, { handledAt: new Date(t0 + 2 * MINUTE), handledByName: 'faulty_company' });
await addAlert(cameraLost, 'gpsLost', t0 - 10 * MINUTE, { clearedAt: new Date(t0 - 5 * MINUTE) });
// A fault someone took on, nothing waiting.
const handledOnly = await addDevice('FAULT-HANDLED-0001', tree);
await addAlert(handledOnly, 'overheat', t0, { handledAt: new Date(t0 + MINUTE) });
// All well.
const healthy = await addDevice('FAULT-HEALTHY-0001', tree);
// Another organisation's device, failing the same way.
const theirs = await addDevice('FAULT-THEIRS-0001', other);
await addAlert(theirs, 'cameraLost', t0, { channel: 1 });

const list = async (token: string, query: Partial<DeviceListQuery> = {}) => {
  const res = await call(ctx, token, deviceApi.list, { ...firstPage, keyword: 'FAULT-', ...query });
  expect(res, res.res.body).toMatchObject({ code: 200 });
  return res.data;
};
const ids = (page: { records: { deviceId: number }[] }) => page.records.map((row) => row.deviceId).sort((a, b) => a - b);

describe('a device’s open faults in the device list (deviceApi.list)', () => {
  it('lists what still fails on each device, oldest first, with whether someone took it on', async () => {
    const page = await list(companyAdmin);
    const byId = new Map(page.records.map((row) => [row.deviceId, row]));
    expect(byId.get(cameraLost)?.online).toBe(true);
    expect(byId.get(cameraLost)?.openFaults).toEqual([
      { code: 'cameraLost', channel: 2, raisedTime: t0, handled: false },
      { code: 'storageFull', channel: null, raisedTime: t0 + MINUTE, handled: true },
    ]);
    expect(byId.get(handledOnly)?.openFaults).toEqual([{ code: 'overheat', channel: null, raisedTime: t0, handled: true }]);
    expect(byId.get(healthy)?.openFaults).toEqual([]);
  });

  it('gives one device’s open faults too (deviceApi.info)', async () => {
    const one = await call(ctx, fleetAdmin, deviceApi.info, { deviceId: cameraLost });
    expect(one.data.openFaults.map((fault) => fault.code)).toEqual(['cameraLost', 'storageFull']);
  });

  it('filters by a pending fault, an open one, none, and a fault’s kind', async () => {
    expect(ids(await list(companyAdmin, { faults: 'pending' }))).toEqual([cameraLost]);
    expect(ids(await list(companyAdmin, { faults: 'open' }))).toEqual([cameraLost, handledOnly]);
    expect(ids(await list(companyAdmin, { faults: 'none' }))).toEqual([healthy]);
    expect(ids(await list(companyAdmin, { faultCode: 'cameraLost' }))).toEqual([cameraLost]);
    expect(ids(await list(companyAdmin, { faultCode: 'overheat' }))).toEqual([handledOnly]);
    // A kind and a state together: the handled card is open but not pending; the cleared GPS fault is neither.
    expect(ids(await list(companyAdmin, { faults: 'pending', faultCode: 'storageFull' }))).toEqual([]);
    expect(ids(await list(companyAdmin, { faults: 'open', faultCode: 'storageFull' }))).toEqual([cameraLost]);
    expect(ids(await list(companyAdmin, { faultCode: 'gpsLost' }))).toEqual([]);
    expect(ids(await list(companyAdmin, { faults: 'none', faultCode: 'cameraLost' }))).toEqual([handledOnly, healthy]);
    // The total follows the filter.
    expect((await list(companyAdmin, { faults: 'pending' })).total).toBe(1);
  });

  it('keeps the data scope: another organisation neither sees my faults nor finds my device by them', async () => {
    expect(ids(await list(otherAdmin, { faults: 'pending' }))).toEqual([theirs]);
    expect(ids(await list(otherAdmin))).toEqual([theirs]);
    expect(ids(await list(companyAdmin, { faultCode: 'cameraLost' }))).not.toContain(theirs);
    expect(await call(ctx, otherAdmin, deviceApi.info, { deviceId: cameraLost })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // The Super Admin sees both companies' failing cameras.
    expect(ids(await list(admin, { faults: 'pending', faultCode: 'cameraLost' }))).toEqual([cameraLost, theirs]);
  });

  it('reads a page’s faults in the same statements however many devices fail (no query per row)', async () => {
    const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await list(companyAdmin, { keyword: 'FAULT-HEALTHY' });
      const forOne = spy.mock.calls.length;
      expect(forOne).toBeGreaterThan(0);
      spy.mockClear();
      await list(companyAdmin);
      expect(spy.mock.calls.length).toBe(forOne);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a malformed fault filter', async () => {
    for (const query of [{ faults: 'broken' }, { faultCode: 'cameraGone' }, { faults: 'PENDING' }]) {
      expect(await callUnchecked(ctx, companyAdmin, deviceApi.list, { ...firstPage, ...query }), JSON.stringify(query)).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
    for (const field of ['faults', 'faultCode'] as const)
      expect(await callWithEmptyField(ctx, companyAdmin, deviceApi.list, field)).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
  });
});
