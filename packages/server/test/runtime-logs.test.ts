import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { deviceApi, deviceTaskApi, type InputOf, runtimeLogApi } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceRuntimeLog } from '../src/db/schema.js';
import { recordedUpload } from '../src/storage/upload-records.js';
import { call, callUnchecked } from './api-client.js';
import { type SeededDevice, seededDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { type Portal, portalWithCompanies, simulator } from './portal-fixtures.js';
import { breakOffPut, linkUsed, putTo } from './upload-fixtures.js';

/** Runtime logs on order (docs/device-protocol.md, `logUpload`): the simulated devices upload theirs, gzip. */

let portal: Portal;
let admin: string;
let other: string;
const devices: SeededDevice[] = [];
const sims: SimDevice[] = [];
/** The upload links the devices were sent, in order. */
const links: string[] = [];
/** When set, the next link is first used by an upload that breaks off, before the device gets it. */
let breakOffNext = false;

beforeAll(async () => {
  const world = await portalWithCompanies('Logs', {
    // Sees each logUpload link before the device gets it: the test keeps it, and may use it first with a broken-off upload.
    beforeCommand: async (_device, kind, payload) => {
      if (kind !== 'logUpload') return;
      const url = String((payload as { url: string }).url);
      links.push(url);
      if (breakOffNext) {
        breakOffNext = false;
        await breakOffPut(url, 'application/gzip', gzipSync(randomBytes(100_000)));
      }
    },
  });
  ({ portal, admin, other } = world);
  for (const uuid of ['LOG-ONLINE', 'LOG-LATER']) devices.push(await seededDevice(portal.database.db, world.company, uuid));
  const first = devices[0];
  if (!first) throw new Error('no device');
  const sim = simulator(portal.brokerUrl, first.uuid, first.secret);
  sims.push(sim);
  expect(await sim.start()).toBe(true);
  await waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId: first.id })).data?.online);
}, 60_000);
afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.stop()));
  await portal?.close();
}, 60_000);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Where the store keeps a listed log. */
async function keyOf(id: number): Promise<string> {
  const [row] = await portal.database.db.select({ key: deviceRuntimeLog.key }).from(deviceRuntimeLog).where(eq(deviceRuntimeLog.id, id));
  return row?.key ?? '';
}
const task = async (taskId: number) => (await call(portal, admin, deviceTaskApi.info, { taskId })).data;
const logs = (query: Partial<InputOf<typeof runtimeLogApi.list>> = {}, token = admin) =>
  call(portal, token, runtimeLogApi.list, { ...firstPage, ...query });
/** The first log a list shows. */
async function firstLog(query: Partial<InputOf<typeof runtimeLogApi.list>> = {}) {
  const [record] = (await logs(query)).data.records;
  if (!record) throw new Error('no runtime log listed');
  return record;
}
const download = async (id: number, token = admin) => call(portal, token, runtimeLogApi.download, { id });

describe('runtime logs', () => {
  let taskId: number;

  it('are uploaded by the online device at once and by the other when it connects', async () => {
    const ordered = await call(portal, admin, runtimeLogApi.order, { deviceIds: devices.map((d) => d.id) });
    expect(ordered.data).toMatchObject({ kind: 'runtimeLog', total: 2, settings: null });
    taskId = ordered.data.id;
    await waitFor(async () => (await task(taskId)).counts.done === 1, 10_000);
    expect((await task(taskId)).counts).toMatchObject({ done: 1, queued: 1 });

    const listed = (await logs()).data;
    expect(listed.total).toBe(1);
    const record = await firstLog();
    expect(record).toMatchObject({ taskId, deviceUuid: 'LOG-ONLINE', orderedBy: 'logs.company' });
    expect(record.size).toBeGreaterThan(20);
    const { res } = await download(record.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="runtime-log-LOG-ONLINE-.*\.log\.gz"$/);
    const text = gunzipSync(res.rawPayload).toString('utf8');
    expect(text).toContain('# runtime log of LOG-ONLINE');
    expect(text).toMatch(/connected\n/);
    expect(text).toContain('received logUpload');

    const later = devices[1];
    if (!later) throw new Error('no device');
    const sim = simulator(portal.brokerUrl, later.uuid, later.secret);
    sims.push(sim);
    expect(await sim.start()).toBe(true);
    await waitFor(async () => (await task(taskId)).state === 'done', 10_000);
    expect((await logs({ taskId, keyword: 'later' })).data.total).toBe(1);
  });

  it('take one upload per link: a second PUT to a used link is refused and the listed log stays as uploaded', async () => {
    const record = await firstLog({ taskId, keyword: 'online' });
    const bytes = async () => (await download(record.id)).res.rawPayload;
    const before = await bytes();
    const link = links[0] ?? '';
    const other = gzipSync(Buffer.from('# another log altogether\n'.repeat(50)));
    const again = await putTo(link, 'application/gzip', other);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject(linkUsed);
    const after = await bytes();
    expect(after.equals(before)).toBe(true);
    const listed = await firstLog({ taskId, keyword: 'online' });
    expect(listed.size).toBe(after.length);
    expect(await recordedUpload(portal.database.db, await keyOf(record.id))).toEqual({ size: after.length, sha256: sha(after) });
  });

  it('take a log whose first upload broke off: the device completes it with the same link', async () => {
    const [online] = devices;
    breakOffNext = true;
    const ordered = await call(portal, admin, runtimeLogApi.order, { deviceIds: [online?.id ?? 0] });
    await waitFor(async () => (await task(ordered.data.id)).state === 'done', 10_000);
    expect((await task(ordered.data.id)).counts).toMatchObject({ done: 1, failed: 0 });
    const record = await firstLog({ taskId: ordered.data.id });
    const { res } = await download(record.id);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('# runtime log of LOG-ONLINE');
    expect(record.size).toBe(res.rawPayload.length);
    expect(await recordedUpload(portal.database.db, await keyOf(record.id))).toEqual({
      size: res.rawPayload.length,
      sha256: sha(res.rawPayload),
    });
  });

  it('refuses other organisations and bad input', async () => {
    const record = await firstLog();
    expect((await call(portal, other, runtimeLogApi.order, { deviceIds: [devices[0]?.id ?? 0] })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await logs({}, other)).data).toEqual({ records: [], total: 0 });
    expect((await download(record.id, other)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(portal, other, deviceTaskApi.info, { taskId })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    for (const body of [{ deviceIds: [] }, { deviceIds: [2 ** 31] }, { deviceIds: [1, 1] }, {}])
      expect((await callUnchecked(portal, admin, runtimeLogApi.order, body)).codeKey, JSON.stringify(body)).toBe('PARAM_CHECK_FAIL');
    expect((await download(0)).codeKey).toBe('PARAM_CHECK_FAIL');
  });
});
