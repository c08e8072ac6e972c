import { deviceApi, deviceConfigApi, deviceTaskApi, type InputOf } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from './api-client.js';
import { type SeededDevice, seededDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { type Portal, portalWithCompanies, simulator } from './portal-fixtures.js';
import { consoleSocket } from './sos-fixtures.js';

/**
 * A configuration dispatched to 100 simulated devices as one task (issue 17): 90 online apply it, one refuses with
 * its reason, ten are offline and follow when they connect; a row is cancelled; the task's progress is pushed.
 */

const ONLINE = 90;
const OFFLINE = 10;

let portal: Portal;
let admin: string;
let other: string;
let fleet: SeededDevice[];
let refusing: SeededDevice;
const sims: SimDevice[] = [];

beforeAll(async () => {
  const { company, ...world } = await portalWithCompanies('Tasks');
  ({ portal, admin, other } = world);
  const db = portal.database.db;
  fleet = [];
  for (let i = 0; i < ONLINE + OFFLINE; i++) fleet.push(await seededDevice(db, company, `TASK-${String(i).padStart(3, '0')}`));
  refusing = await seededDevice(db, company, 'TASK-REFUSER');
  const start = async (device: SeededDevice, options = {}) => {
    const sim = simulator(portal.brokerUrl, device.uuid, device.secret, options);
    sims.push(sim);
    expect(await sim.start()).toBe(true);
    return sim;
  };
  await Promise.all(fleet.slice(0, ONLINE).map((device) => start(device)));
  await start(refusing, { refuseConfig: 'read-only firmware' });
  // The hellos are filed: the portal knows who is online.
  await waitFor(
    async () => (await call(portal, admin, deviceApi.list, { page: 1, limit: 200, online: true })).data.total === ONLINE + 1,
    20_000,
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.stop()));
  await portal?.close();
}, 60_000);

const taskInfo = async (taskId: number, token = admin) => (await call(portal, token, deviceTaskApi.info, { taskId })).data;
const rows = async (taskId: number, query: Partial<InputOf<typeof deviceTaskApi.rows>> = {}) =>
  (await call(portal, admin, deviceTaskApi.rows, { page: 1, limit: 200, taskId, ...query })).data;

describe('a batch dispatch', () => {
  let taskId: number;

  it('reaches every device: online ones apply it, a refusal keeps its reason, offline ones wait', async () => {
    const socket = await consoleSocket(portal.baseUrl, admin);
    const ids = [...fleet.map((device) => device.id), refusing.id];
    const created = await call(portal, admin, deviceConfigApi.batchDispatch, {
      deviceIds: ids,
      settings: { uploadIntervalSeconds: 30 },
    });
    expect(created).toMatchObject({
      code: 200,
      data: { kind: 'config', total: ONLINE + OFFLINE + 1, createdBy: 'tasks.company', changed: ['uploadIntervalSeconds'] },
    });
    taskId = created.data.id;
    const settled = await waitFor(async () => {
      const task = await taskInfo(taskId);
      return task.counts.done === ONLINE && task.counts.failed === 1 ? task : null;
    }, 30_000);
    expect(settled).toMatchObject({ state: 'running', counts: { queued: OFFLINE, sent: 0, cancelled: 0 } });
    const failed = await rows(taskId, { state: 'failed' });
    expect(failed.records).toEqual([expect.objectContaining({ deviceUuid: 'TASK-REFUSER', reason: 'read-only firmware', version: 1 })]);
    // Each online device runs the change, and the console saw the progress pushed.
    const sample = await call(portal, admin, deviceConfigApi.received, { deviceId: fleet[0]?.id ?? 0 });
    expect(sample.data.reported).toMatchObject({ version: 1, settings: { uploadIntervalSeconds: 30 } });
    const pushed = await socket.next('deviceTask', 10_000);
    expect(pushed).toMatchObject({ type: 'deviceTask', taskId });
    socket.close();
    // Paging through the rows, by uuid.
    expect((await rows(taskId, { keyword: 'task-00' })).total).toBe(10);
    const page2 = (await call(portal, admin, deviceTaskApi.rows, { taskId, page: 2, limit: 50 })).data;
    expect(page2.records).toHaveLength(50);
    expect(page2.total).toBe(ONLINE + OFFLINE + 1);
  });

  it('cancels one row; the offline devices apply it when they connect; retry sends the failed row again', async () => {
    const queued = (await rows(taskId, { state: 'queued' })).records;
    expect(queued).toHaveLength(OFFLINE);
    const [first] = queued;
    const cancelled = await call(portal, admin, deviceTaskApi.cancel, { taskId, rowIds: [first?.id ?? 0] });
    expect(cancelled.data.counts).toMatchObject({ cancelled: 1, queued: OFFLINE - 1 });

    const late = await Promise.all(
      fleet.slice(ONLINE).map(async (device) => {
        const sim = simulator(portal.brokerUrl, device.uuid, device.secret);
        sims.push(sim);
        expect(await sim.start()).toBe(true);
        return sim;
      }),
    );
    const done = await waitFor(async () => {
      const task = await taskInfo(taskId);
      return task.counts.queued === 0 && task.counts.sent === 0 ? task : null;
    }, 30_000);
    expect(done).toMatchObject({ state: 'failed', counts: { done: ONLINE + OFFLINE - 1, cancelled: 1, failed: 1 } });
    // The cancelled device was never sent the change.
    const untouched = await call(portal, admin, deviceConfigApi.received, { deviceId: first?.deviceId ?? 0 });
    expect(untouched.data.reported?.version).toBe(0);
    expect(late).toHaveLength(OFFLINE);

    const retried = await call(portal, admin, deviceTaskApi.retry, { taskId });
    expect(retried.code).toBe(200);
    const again = await waitFor(async () => {
      const [row] = (await rows(taskId, { state: 'failed' })).records;
      return row && row.version === 2 ? row : null;
    }, 10_000);
    expect(again).toMatchObject({ deviceUuid: 'TASK-REFUSER', reason: 'read-only firmware' });
    const list = (await call(portal, admin, deviceTaskApi.list, firstPage)).data;
    expect(list.records[0]).toMatchObject({ id: taskId, state: 'failed' });
    expect((await call(portal, admin, deviceTaskApi.list, { ...firstPage, state: 'running' })).data.total).toBe(0);
  });

  it('selects devices by the list’s filters, and refuses bad selections and other organisations', async () => {
    const byFilter = await call(portal, admin, deviceConfigApi.batchDispatch, {
      filter: { keyword: 'TASK-00' },
      settings: { gpsBatch: 5 },
      expireTime: Date.now() + 60_000,
    });
    expect(byFilter.data).toMatchObject({ total: 10 });
    await waitFor(async () => (await taskInfo(byFilter.data.id)).counts.done === 10, 20_000);

    const bad: Record<string, unknown>[] = [
      { settings: { gpsBatch: 5 } },
      { deviceIds: [fleet[0]?.id], filter: {}, settings: { gpsBatch: 5 } },
      { deviceIds: [fleet[0]?.id], settings: {} },
      { filter: { keyword: 'nothing-matches' }, settings: { gpsBatch: 5 } },
      { deviceIds: [fleet[0]?.id, fleet[0]?.id], settings: { gpsBatch: 5 } },
      { deviceIds: [fleet[0]?.id], settings: { gpsBatch: 5 }, expireTime: 1 },
    ];
    for (const body of bad)
      expect((await callUnchecked(portal, admin, deviceConfigApi.batchDispatch, body)).codeKey, JSON.stringify(body)).toBe(
        'PARAM_CHECK_FAIL',
      );
    expect((await call(portal, admin, deviceTaskApi.cancel, { taskId, rowIds: [999_999_999] })).codeKey).toBe('PARAM_CHECK_FAIL');

    expect(
      (await call(portal, other, deviceConfigApi.batchDispatch, { deviceIds: [fleet[0]?.id ?? 0], settings: { gpsBatch: 5 } })).codeKey,
    ).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(portal, other, deviceTaskApi.list, firstPage)).data).toEqual({ records: [], total: 0 });
    for (const refusedCall of [
      () => call(portal, other, deviceTaskApi.info, { taskId }),
      () => call(portal, other, deviceTaskApi.rows, { ...firstPage, taskId }),
      () => call(portal, other, deviceTaskApi.cancel, { taskId }),
      () => call(portal, other, deviceTaskApi.retry, { taskId }),
    ]) {
      const answer = await refusedCall();
      expect(answer.codeKey, answer.res.raw.req.url).toBe('PERMISSION_CHECK_FAIL');
    }
  });
});
