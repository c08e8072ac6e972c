import { randomBytes } from 'node:crypto';
import { deviceTaskApi, firmwareApi } from '@safety-shield/contract';
import { maxUpgradeBytes } from '@safety-shield/contract/jt808';
import { Jt808SimDevice, memoryCodeStore } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device } from '../src/db/schema.js';
import { orderProblem } from '../src/jt808/upgrades.js';
import { call, urlOf } from './api-client.js';
import { waitFor } from './gateway-fixtures.js';
import { jt808Node } from './jt808-fixtures.js';

/**
 * Issue 30: a firmware campaign reaches a JT/T 808 terminal (docs/jt808.md, "Upgrades"): the adapter downloads the
 * package and sends it in 0x8108 sub-packages; the terminal installs it, restarts, authenticates with its new version
 * and tells the result with 0x0108.
 */
const { database, app, ctx, admin, gatewayOn, closeAtEnd, bindToNewVehicle } = await jt808Node('Jt808Ota');
// The adapter downloads the package from the portal's own signed link, as a device would.
await app.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const gateway = await gatewayOn();
// The portal files "installing" late (a loaded database), after the terminal restarted to install: its hello must not
// get the package sent again (a CI run saw a failed install succeed on a second transfer, and the failure lost).
const fileProgress = app.deviceIntake.upgradeProgress;
app.deviceIntake.upgradeProgress = async (uuid, progress) => {
  if (progress.phase === 'installing') await new Promise((resolve) => setTimeout(resolve, 1_500));
  return fileProgress(uuid, progress);
};
// Positions are written slowly too, so the reports queue up: the terminal's answers must not wait behind them.
const writePositions = app.deviceIntake.positions;
app.deviceIntake.positions = async (uuid, fixes) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return writePositions(uuid, fixes);
};
const PACKAGE = randomBytes(300 * 1024);

function dashcam(terminal: string, version: 2013 | 2019 = 2019) {
  const sim = new Jt808SimDevice({
    host: '127.0.0.1',
    port: gateway.port,
    terminal,
    version,
    codes: memoryCodeStore(),
    software: '1.0.0',
    installMs: 200,
    // Positions while the package goes: the portal's replies to them take serials between its sub-packages' own.
    gpsIntervalMs: 50,
    reconnectDelayMs: { min: 100, max: 400 },
    replyTimeoutMs: 3_000,
  });
  closeAtEnd(() => sim.stop());
  return sim;
}

async function upload(version: string) {
  const form = new FormData();
  form.append('version', version);
  form.append('models', 'SS-808');
  form.append('file', new Blob([PACKAGE]), 'fw.bin');
  const res = await fetch(`${baseUrl}${urlOf(firmwareApi.upload)}`, { method: 'POST', headers: { 'x-token': admin }, body: form });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** A bound dashcam online (2019: on 1.0.0, as its authentication says): its device id. */
async function online(sim: Jt808SimDevice, plate: string) {
  expect(await sim.start()).toBe(true);
  const uuid = sim.terminalNo.replace(/^0+/, '');
  const registered = await waitFor(async () => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0]);
  await bindToNewVehicle(registered.id, plate);
  if (sim.version === 2019)
    await waitFor(async () => (await database.db.select().from(device).where(eq(device.id, registered.id)))[0]?.version === '1.0.0');
  return registered.id;
}

const campaign = async (packageId: number, deviceId: number) => {
  const made = await call(ctx, admin, firmwareApi.createCampaign, {
    packageId,
    deviceIds: [deviceId],
    firstStagePercent: 100,
    failureThresholdPercent: 100,
    endTime: Date.now() + 3_600_000,
  });
  expect(made, made.res.body).toMatchObject({ code: 200 });
  return made.data.id;
};
const row = async (taskId: number) => (await call(ctx, admin, deviceTaskApi.rows, { page: 1, limit: 10, taskId })).data.records[0];

describe('JT/T 808 firmware upgrades', () => {
  it('sends the package in sub-packages; the terminal installs it and comes back with the new version', { timeout: 40_000 }, async () => {
    const sim = dashcam('013900000501');
    const deviceId = await online(sim, 'OTA 501');
    const phases: string[] = [];
    const installed = new Promise<[string, boolean, Buffer]>((resolve) =>
      sim.once('upgraded', (version, ok, data) => resolve([version, ok, Buffer.from(data)])),
    );
    const taskId = await campaign(await upload('1.1.0'), deviceId);
    // The row's steps as the console sees them, until it ends.
    const done = await waitFor(async () => {
      const current = await row(taskId);
      if (current?.phase && phases.at(-1) !== current.phase) phases.push(current.phase);
      return current?.state === 'done' ? current : undefined;
    }, 30_000);
    // The terminal joined exactly the package's bytes from the sub-packages.
    expect(await installed).toEqual(['1.1.0', true, PACKAGE]);
    expect(done).toMatchObject({ state: 'done', progress: 100 });
    expect(sim.software).toBe('1.1.0');
    const [after] = await database.db.select().from(device).where(eq(device.id, deviceId));
    expect(after?.version).toBe('1.1.0');
    // It was seen on the way (a fast link may pass steps between two looks), never out of order.
    expect(phases.length).toBeGreaterThan(0);
    const order = ['downloading', 'verifying', 'installing'];
    expect(phases.map((phase) => order.indexOf(phase))).toEqual([...phases.map((phase) => order.indexOf(phase))].sort());
    expect(phases.every((phase) => order.includes(phase))).toBe(true);
  });

  it('fails the row when a 2019 terminal comes back on its old version', { timeout: 40_000 }, async () => {
    const sim = dashcam('013900000502');
    sim.failNextUpgrade = true;
    const deviceId = await online(sim, 'OTA 502');
    const taskId = await campaign(await upload('1.2.0'), deviceId);
    const ended = await waitFor(async () => {
      const current = await row(taskId);
      return current?.state === 'failed' ? current : undefined;
    }, 30_000);
    // Whichever it tells first: back on its old version, or the failure its 0x0108 names.
    expect(ended?.reason).toMatch(/^(came back with version 1.0.0|the terminal could not install the package)$/);
    expect(sim.software).toBe('1.0.0');
  });

  it('takes a 2013 terminal’s result from 0x0108, as its authentication names no version', { timeout: 40_000 }, async () => {
    const good = dashcam('013900000503', 2013);
    const bad = dashcam('013900000504', 2013);
    bad.failNextUpgrade = true;
    const goodId = await online(good, 'OTA 503');
    const badId = await online(bad, 'OTA 504');
    const packageId = await upload('1.3.0');
    const [goodTask, badTask] = [await campaign(packageId, goodId), await campaign(packageId, badId)];
    const ended = async (taskId: number) =>
      waitFor(async () => {
        const current = await row(taskId);
        return current && ['done', 'failed'].includes(current.state) ? current : undefined;
      }, 30_000);
    expect(await ended(goodTask)).toMatchObject({ state: 'done' });
    expect((await ended(badTask))?.reason).toBe('the terminal could not install the package');
    const [after] = await database.db.select().from(device).where(eq(device.id, goodId));
    expect(after?.version).toBe('1.3.0');
  });

  it('refuses a package too large for 65,535 sub-packages', () => {
    const order = { upgradeId: 1, version: '2.0.0', url: 'http://x', sha256: '0'.repeat(64) };
    expect(orderProblem({ ...order, size: maxUpgradeBytes('2.0.0') })).toBeUndefined();
    expect(orderProblem({ ...order, size: maxUpgradeBytes('2.0.0') + 1 })).toMatch(/too large/);
  });
});
