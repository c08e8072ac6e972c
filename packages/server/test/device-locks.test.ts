import { deviceApi, deviceLockApi, type Endpoint, type InputOf, LOCK_PIN_TRIES, vehicleApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceLock, lockLink, operationLog, vehicle } from '../src/db/schema.js';
import { call, callUnchecked, callWithEmptyField } from './api-client.js';
import { connectDevice, message, seededDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { portalWithFleets } from './sos-fixtures.js';

/**
 * Device locks (issue 18) against a device played by hand over MQTT (docs/device-protocol.md, `lock`): it takes every
 * `lock`, acknowledges it and reports its new `lockState`, as the protocol asks.
 */

const { portal, mine, theirs, tokens } = await portalWithFleets('Lk', { commandTimeoutMs: 1_500 });
afterAll(() => portal.close(), 60_000);
const { super: superToken, company: admin, fleet: fleetAdmin, site, other } = tokens;
/** A second device of mine, unbound. */
const spare = await seededDevice(
  portal.database.db,
  { agentId: mine.tree.agent, companyId: mine.tree.company, key: '' },
  `LOCK-SPARE-${Date.now().toString(36)}`.toUpperCase(),
);

/** A list with repeats in a row taken as one: [a, a, b] → [a, b]. */
const runs = <T>(items: readonly T[]) => items.filter((item, i) => i === 0 || item !== items[i - 1]);

/** A device played by hand: every down `lock` is kept, acknowledged and answered with the `lockState` it asked for. */
async function handDevice(fleet: { uuid: string; secret: string }, deviceId: number) {
  const client: MqttClient = await connectDevice(portal.gateway.port ?? 0, fleet.uuid, fleet.secret);
  const locks: boolean[] = [];
  /** The lockStates it has sent (the broker has them). */
  const reported: boolean[] = [];
  const up = (kind: string, body: Record<string, unknown>) =>
    client.publishAsync(`dev/${fleet.uuid}/up/${kind}`, message(body), { qos: 1 });
  // One `lock` at a time, in the order they came, as a device handles its commands.
  let turn: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    if (topic.split('/')[3] !== 'lock') return;
    const body = JSON.parse(String(payload)) as { id: string; locked: boolean };
    locks.push(body.locked);
    turn = turn
      .then(async () => {
        await up('ack', { ref: body.id, ok: true });
        await up('lockState', { locked: body.locked });
        reported.push(body.locked);
      })
      .catch(() => {
        // Closed by the test meanwhile.
      });
  });
  await client.subscribeAsync(`dev/${fleet.uuid}/down/#`, { qos: 1 });
  await up('hello', { version: 'T-1', channels: 1 });
  await waitFor(async () => (await call(portal, superToken, deviceApi.info, { deviceId })).data?.online);
  return { client, locks, reported, up, close: () => client.endAsync() };
}

const save = (body: InputOf<typeof deviceLockApi.save>, token = admin) => call(portal, token, deviceLockApi.save, body);
const batch = (body: InputOf<typeof deviceLockApi.batchSave>, token = admin) => call(portal, token, deviceLockApi.batchSave, body);
const lockOf = async (deviceId: number, token = admin) =>
  (await call(portal, token, deviceLockApi.list, { page: 1, limit: 500 })).data.records.find((record) => record.deviceId === deviceId);
const offline = (deviceId: number) =>
  waitFor(async () => (await call(portal, superToken, deviceApi.info, { deviceId })).data?.online === false);
const lockRow = async (deviceId: number) =>
  (await portal.database.db.select().from(deviceLock).where(eq(deviceLock.deviceId, deviceId)))[0];
const logLines = (action: string) => portal.database.db.select().from(operationLog).where(eq(operationLog.action, action));

describe('a device lock', () => {
  it('locks with a PIN kept hashed; the device gets `lock`, and its lockState and refused local actions are shown', async () => {
    const device = await handDevice(mine, mine.deviceId);
    try {
      const locked = await save({ deviceId: mine.deviceId, locked: true, pin: '2468' });
      expect(locked).toMatchObject({ code: 200, data: { deviceId: mine.deviceId, locked: true, changedBy: 'lk.company' } });
      await waitFor(() => device.locks.includes(true));
      await waitFor(async () => (await lockOf(mine.deviceId))?.reportedLocked === true);
      const row = await lockRow(mine.deviceId);
      expect(row?.pinHash).toMatch(/^scrypt\$/);
      expect(row?.pinHash).not.toContain('2468');

      // A driver tries to format the storage: the device refuses and says so.
      const triedAt = Date.now() - 2_000;
      await device.client.publishAsync(
        `dev/${mine.uuid}/up/tamper`,
        Buffer.from(JSON.stringify({ v: 1, id: 'tamper-1', at: triedAt, action: 'formatStorage' })),
        { qos: 1 },
      );
      const shown = await waitFor(async () => {
        const record = await lockOf(mine.deviceId);
        return record?.tamperCount === 1 ? record : null;
      });
      expect(shown).toMatchObject({ lastTamper: { action: 'formatStorage', time: triedAt }, licensePlate: mine.plate, online: true });
      const tampers = await call(portal, fleetAdmin, deviceLockApi.tampers, { ...firstPage, deviceId: mine.deviceId });
      expect(tampers.data).toEqual({ records: [{ action: 'formatStorage', time: triedAt }], total: 1 });
      expect((await logLines('device.lock.save')).map((line) => [line.username, line.target, line.result])).toContainEqual([
        'lk.company',
        String(mine.deviceId),
        'REQUEST_SUCCESS',
      ]);
    } finally {
      await device.close();
    }
  });

  it('refuses to unbind, move or delete a locked device, or delete its vehicle', async () => {
    const [elsewhere] = await portal.database.db
      .insert(vehicle)
      .values({
        licensePlate: 'LOCK MOVE',
        belongAgentId: mine.tree.agent,
        belongCompanyId: mine.tree.company,
        belongFleetId: mine.tree.fleet,
      })
      .returning({ id: vehicle.id });
    const refused = { codeKey: 'DEVICE_STATE_ERROR', data: { locked: true, deviceId: mine.deviceId } };
    expect(await call(portal, admin, vehicleApi.unbind, { deviceId: mine.deviceId })).toMatchObject(refused);
    expect(
      await call(portal, admin, vehicleApi.bind, { deviceId: mine.deviceId, vehicleId: elsewhere?.id ?? 0, force: true }),
    ).toMatchObject(refused);
    expect(await call(portal, superToken, deviceApi.remove, { id: mine.deviceId })).toMatchObject(refused);
    expect(await call(portal, admin, vehicleApi.remove, { id: mine.vehicleId })).toMatchObject(refused);
    expect((await call(portal, admin, deviceApi.info, { deviceId: mine.deviceId })).data).toMatchObject({
      licensePlate: mine.plate,
    });
  });

  it('unlocks only with its PIN; wrong PINs block PIN unlocks; a Super Admin unlocks without one', async () => {
    for (let tried = 1; tried < LOCK_PIN_TRIES; tried++) {
      expect(await save({ deviceId: mine.deviceId, locked: false, pin: '1111' })).toMatchObject({
        status: 403,
        codeKey: 'PERMISSION_CHECK_FAIL',
        data: { triesLeft: LOCK_PIN_TRIES - tried, blockedUntil: null },
      });
    }
    const last = await save({ deviceId: mine.deviceId, locked: false, pin: '1111' });
    expect(last).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL', data: { triesLeft: 0 } });
    expect(last.data.blockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Blocked: even the right PIN waits.
    expect(await save({ deviceId: mine.deviceId, locked: false, pin: '2468' })).toMatchObject({
      status: 429,
      codeKey: 'YOU_REQUEST_TOO_FAST',
      data: { blockedUntil: last.data.blockedUntil },
    });
    expect((await lockOf(mine.deviceId))?.blockedUntil).toBe(last.data.blockedUntil);
    // Nobody but the Super Admin unlocks without the PIN.
    expect(await save({ deviceId: mine.deviceId, locked: false })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });

    const device = await handDevice(mine, mine.deviceId);
    try {
      const unlocked = await save({ deviceId: mine.deviceId, locked: false }, superToken);
      expect(unlocked).toMatchObject({ code: 200, data: { locked: false, blockedUntil: null, changedBy: 'admin' } });
      await waitFor(() => device.locks.includes(false));
      await waitFor(async () => (await lockOf(mine.deviceId))?.reportedLocked === false);
      expect(await lockRow(mine.deviceId)).toMatchObject({ pinHash: null, failedTries: 0, blockedUntil: null });

      // Locked again by a fleet admin, unlocked with the right PIN.
      expect(await save({ deviceId: mine.deviceId, locked: true, pin: '97531' }, fleetAdmin)).toMatchObject({ code: 200 });
      expect(await save({ deviceId: mine.deviceId, locked: true, pin: '12345' })).toMatchObject({ codeKey: 'DEVICE_STATE_ERROR' });
      expect(await save({ deviceId: mine.deviceId, locked: false, pin: '97531' })).toMatchObject({ code: 200, data: { locked: false } });
      expect(await save({ deviceId: mine.deviceId, locked: false, pin: '97531' })).toMatchObject({ codeKey: 'DEVICE_STATE_ERROR' });
      expect(await save({ deviceId: mine.deviceId, locked: true })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
      // A lockState that crosses the next order may make the portal send its wish once more: the runs count.
      await waitFor(() => runs(device.reported).join() === 'false,true,false');
      await waitFor(async () => (await lockOf(mine.deviceId))?.reportedLocked === false);
      expect(runs(device.locks)).toEqual([false, true, false]);
      // Unlocked now, so it may be unbound again (and bound back).
      expect(await call(portal, admin, vehicleApi.unbind, { deviceId: mine.deviceId })).toMatchObject({ code: 200 });
      expect(await call(portal, admin, vehicleApi.bind, { deviceId: mine.deviceId, vehicleId: mine.vehicleId })).toMatchObject({
        code: 200,
      });
    } finally {
      await device.close();
    }
  });

  it('reaches an offline device at its next hello', async () => {
    await offline(mine.deviceId);
    const locked = await save({ deviceId: mine.deviceId, locked: true, pin: '5555' });
    expect(locked.data).toMatchObject({ locked: true, reportedLocked: false, online: false });
    const device = await handDevice(mine, mine.deviceId);
    try {
      await waitFor(() => device.locks.includes(true));
      await waitFor(async () => (await lockOf(mine.deviceId))?.reportedLocked === true);
      expect(device.locks).toEqual([true]);
      // A device that comes back unlocked (say, reset) is locked again.
      await device.up('lockState', { locked: false });
      await waitFor(() => device.locks.length === 2);
      expect(device.locks).toEqual([true, true]);
      await waitFor(async () => (await lockOf(mine.deviceId))?.reportedLocked === true);
    } finally {
      await device.close();
    }
    expect(await save({ deviceId: mine.deviceId, locked: false, pin: '5555' })).toMatchObject({ code: 200 });
  });

  it('changes a batch in one transaction: one device that cannot change changes none', async () => {
    // Another organisation's device in the batch.
    expect(await batch({ deviceIds: [mine.deviceId, theirs.deviceId], locked: true, pin: '4321' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // A device that does not exist.
    expect(await batch({ deviceIds: [mine.deviceId, 2_000_000_000], locked: true, pin: '4321' }, superToken)).toMatchObject({
      codeKey: 'DEVICE_NOT_EXIST',
    });
    // One already locked.
    expect(await save({ deviceId: spare.id, locked: true, pin: '8888' })).toMatchObject({ code: 200 });
    expect(await batch({ deviceIds: [mine.deviceId, spare.id], locked: true, pin: '4321' })).toMatchObject({
      codeKey: 'DEVICE_STATE_ERROR',
      data: { deviceId: spare.id },
    });
    expect((await lockOf(mine.deviceId))?.locked).toBe(false);
    expect(await save({ deviceId: spare.id, locked: false, pin: '8888' })).toMatchObject({ code: 200 });

    const both = await batch({ deviceIds: [spare.id, mine.deviceId], locked: true, pin: '4321' });
    expect(both.data.records.map((r) => [r.deviceId, r.locked])).toEqual(
      [
        [mine.deviceId, true],
        [spare.id, true],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // A wrong PIN for the batch unlocks none and counts a try on each.
    expect(await batch({ deviceIds: [mine.deviceId, spare.id], locked: false, pin: '0000' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
      data: { triesLeft: LOCK_PIN_TRIES - 1 },
    });
    expect((await lockRow(spare.id))?.failedTries).toBe(1);
    expect((await lockOf(spare.id))?.locked).toBe(true);
    expect(await batch({ deviceIds: [mine.deviceId, spare.id], locked: false, pin: '4321' })).toMatchObject({ code: 200 });
    expect(await lockRow(spare.id)).toMatchObject({ locked: false, failedTries: 0 });
    expect((await logLines('device.lock.batch')).some((line) => line.target === `${mine.deviceId},${spare.id}`)).toBe(true);
  });

  it('keeps to the caller’s scope', async () => {
    expect(await save({ deviceId: mine.deviceId, locked: true, pin: '1234' }, other)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await save({ deviceId: mine.deviceId, locked: true, pin: '1234' }, site)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(portal, other, deviceLockApi.tampers, { ...firstPage, deviceId: mine.deviceId })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const theirList = await call(portal, other, deviceLockApi.list, { page: 1, limit: 500 });
    expect(theirList.data.records.map((r) => r.deviceId)).toEqual([theirs.deviceId]);
    expect((await call(portal, site, deviceLockApi.list, firstPage)).data).toEqual({ records: [], total: 0 });
    const filtered = await call(portal, admin, deviceLockApi.list, { ...firstPage, keyword: mine.plate, locked: false });
    expect(filtered.data.records.map((r) => r.deviceId)).toEqual([mine.deviceId]);
    // Installer links are the Super Admin's.
    expect(await call(portal, admin, deviceLockApi.issueLink, { deviceIds: [mine.deviceId], hours: 1, uses: 1 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(portal, admin, deviceLockApi.links)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
  });
});

describe('an installer link', () => {
  const issue = (deviceIds: number[], uses: number, hours = 2) =>
    call(portal, superToken, deviceLockApi.issueLink, { deviceIds, hours, uses });
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';
  const open = (token: string) => call(portal, undefined, deviceLockApi.publicList, { token });
  const act = (body: InputOf<typeof deviceLockApi.publicSave>) => call(portal, undefined, deviceLockApi.publicSave, body);

  it('shows its devices’ lock state only, acts on them only, and is used up after its uses', async () => {
    const issued = await issue([mine.deviceId], 2);
    expect(issued.data).toMatchObject({ usesLeft: 2, deviceUuids: [mine.uuid], createdBy: 'admin' });
    expect(issued.data.url).toMatch(/^\/deviceLock\?token=/);
    const token = tokenOf(issued.data.url);
    const [stored] = await portal.database.db.select().from(lockLink).where(eq(lockLink.id, issued.data.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored).toMatchObject({ belongCompanyId: mine.tree.company, belongFleetId: mine.tree.fleet });
    expect((await call(portal, superToken, deviceLockApi.links)).data.map((l) => l.id)).toContain(issued.data.id);

    const listed = await open(token);
    expect(listed).toMatchObject({ code: 200, data: { usesLeft: 2 } });
    // Unlocked while offline: the device still says locked until it comes back.
    expect(listed.data.records).toEqual([
      { deviceId: mine.deviceId, deviceUuid: mine.uuid, licensePlate: mine.plate, locked: false, reportedLocked: true, blockedUntil: null },
    ]);

    // Another device: refused, and no use taken.
    expect(await act({ token, deviceId: theirs.deviceId, locked: true, pin: '6060' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
      data: null,
    });
    expect((await open(token)).data.usesLeft).toBe(2);

    const locked = await act({ token, deviceId: mine.deviceId, locked: true, pin: '6060' });
    expect(locked).toMatchObject({ code: 200, data: { usesLeft: 1, record: { deviceId: mine.deviceId, locked: true } } });
    expect(Object.keys(locked.data.record ?? {}).sort()).toEqual([
      'blockedUntil',
      'deviceId',
      'deviceUuid',
      'licensePlate',
      'locked',
      'reportedLocked',
    ]);
    const [line] = (await logLines('device.lock.public')).filter((l) => l.result === 'REQUEST_SUCCESS');
    expect(line).toMatchObject({
      username: `installer (link #${issued.data.id})`,
      target: String(mine.deviceId),
      belongCompanyId: mine.tree.company,
    });
    expect((await lockOf(mine.deviceId))?.changedBy).toBe(`installer (link #${issued.data.id})`);

    // A wrong PIN uses a use too: the link bounds the guesses.
    expect(await act({ token, deviceId: mine.deviceId, locked: false, pin: '0606' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
      data: { triesLeft: LOCK_PIN_TRIES - 1 },
    });
    expect(await open(token)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL', data: { link: 'usedUp' } });
    expect(await act({ token, deviceId: mine.deviceId, locked: false, pin: '6060' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
      data: { link: 'usedUp' },
    });
    expect((await lockOf(mine.deviceId))?.locked).toBe(true);

    // A fresh link with the PIN unlocks it.
    const again = tokenOf((await issue([mine.deviceId, spare.id], 1)).data.url);
    expect((await open(again)).data.records.map((r) => r.deviceId)).toEqual([mine.deviceId, spare.id].sort((a, b) => a - b));
    expect(await act({ token: again, deviceId: mine.deviceId, locked: false, pin: '6060' })).toMatchObject({
      code: 200,
      data: { usesLeft: 0, record: { locked: false } },
    });
  });

  it('expires, can be withdrawn, and a forged token opens nothing', async () => {
    const issued = await issue([mine.deviceId], 5, 1);
    const token = tokenOf(issued.data.url);
    expect(issued.data.expireTime).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(issued.data.expireTime).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    await portal.database.db
      .update(lockLink)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(lockLink.id, issued.data.id));
    expect(await open(token)).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL', data: { link: 'expired' } });
    expect(await act({ token, deviceId: mine.deviceId, locked: true, pin: '1234' })).toMatchObject({ data: { link: 'expired' } });
    expect((await lockOf(mine.deviceId))?.locked).toBe(false);

    const withdrawn = await issue([mine.deviceId], 5);
    expect(await call(portal, superToken, deviceLockApi.revokeLink, { id: withdrawn.data.id })).toMatchObject({
      code: 200,
    });
    expect(await open(tokenOf(withdrawn.data.url))).toMatchObject({ data: { link: 'expired' } });
    expect((await call(portal, superToken, deviceLockApi.links)).data.map((l) => l.id)).not.toContain(withdrawn.data.id);
    expect(await call(portal, superToken, deviceLockApi.revokeLink, { id: 2_000_000_000 })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });

    expect(await open('forged-token')).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL', data: { link: 'unknown' } });
    expect(await act({ token: 'forged-token', deviceId: mine.deviceId, locked: true, pin: '1234' })).toMatchObject({
      data: { link: 'unknown' },
    });
    expect(await issue([mine.deviceId, 2_000_000_000], 1)).toMatchObject({ codeKey: 'DEVICE_NOT_EXIST' });
  });
});

describe('bad input', () => {
  const INT4_OVER = 2_147_483_648;
  const { save, batchSave, issueLink, publicList, publicSave, list, tampers } = deviceLockApi;
  const cases: Array<[string, Endpoint, unknown]> = [
    ['short PIN', save, { deviceId: 1, locked: true, pin: '123' }],
    ['long PIN', save, { deviceId: 1, locked: true, pin: '123456789' }],
    ['letters in the PIN', save, { deviceId: 1, locked: true, pin: '12a4' }],
    ['NUL in the PIN', save, { deviceId: 1, locked: true, pin: '12\u00004' }],
    ['a PIN as a number', save, { deviceId: 1, locked: true, pin: 1234 }],
    ['no locked', save, { deviceId: 1, pin: '1234' }],
    ['a huge id', save, { deviceId: INT4_OVER, locked: true, pin: '1234' }],
    ['id 0', save, { deviceId: 0, locked: true, pin: '1234' }],
    ['an empty batch', batchSave, { deviceIds: [], locked: true, pin: '1234' }],
    ['a repeated id', batchSave, { deviceIds: [1, 1], locked: true, pin: '1234' }],
    ['a huge id in a batch', batchSave, { deviceIds: [1, INT4_OVER], locked: true, pin: '1234' }],
    ['too many devices', batchSave, { deviceIds: Array.from({ length: 501 }, (_, i) => i + 1), locked: true, pin: '1234' }],
    ['a link of 0 hours', issueLink, { deviceIds: [1], hours: 0, uses: 1 }],
    ['a link over 7 days', issueLink, { deviceIds: [1], hours: 169, uses: 1 }],
    ['a link of 0 uses', issueLink, { deviceIds: [1], hours: 1, uses: 0 }],
    ['a link of 101 uses', issueLink, { deviceIds: [1], hours: 1, uses: 101 }],
    ['a link without devices', issueLink, { deviceIds: [], hours: 1, uses: 1 }],
    ['a NUL in the token', publicList, { token: 'ab\u0000cd' }],
    ['a huge token', publicList, { token: 'a'.repeat(257) }],
    ['a public action without a PIN', publicSave, { token: 'x', deviceId: 1, locked: false }],
    ['a public action with a NUL token', publicSave, { token: 'a\u0000', deviceId: 1, locked: true, pin: '1234' }],
    ['a bad list filter', list, { locked: 'maybe' }],
    ['a NUL keyword', list, { keyword: 'a\u0000' }],
    ['a huge tamper device id', tampers, { deviceId: INT4_OVER }],
  ];
  it.each(cases)('refuses %s with PARAM_CHECK_FAIL', async (_name, endpoint, input) => {
    const answer = await callUnchecked(portal, superToken, endpoint, input);
    expect(answer).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
  });
  it('refuses an empty token with PARAM_CHECK_FAIL', async () => {
    const answer = await callWithEmptyField(portal, superToken, publicList, 'token');
    expect(answer).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
  });
});
