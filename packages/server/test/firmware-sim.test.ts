import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deviceTaskApi, firmwareApi } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, urlOf } from './api-client.js';
import { seedCompany, seedDevice, waitFor } from './gateway-fixtures.js';
import { login } from './helpers.js';
import { type Portal, portalWithGateway, simulator } from './portal-fixtures.js';

/**
 * A campaign on 20 reference simulators (docs/device-protocol.md, `upgrade`): one fails its checksum, one loses power
 * mid-download and resumes with a Range request, one is offline and upgrades when it comes back.
 */

const DEVICES = 20;
const PACKAGE = randomBytes(2 * 1024 * 1024);

let portal: Portal;
let superToken: string;
let downloads: string;
const sims = new Map<string, SimDevice>();
const ids = new Map<string, number>();

beforeAll(async () => {
  portal = await portalWithGateway();
  superToken = await login(portal.app);
  // Each run its own download folder: a partial file of an earlier run must not be resumed.
  downloads = await mkdtemp(path.join(tmpdir(), 'ss-fw-sim-'));
  const company = await seedCompany(portal.database.db, 'FirmwareSim');
  const failures: Record<string, 'checksum' | 'powerLoss'> = { 'SIM-FW-00': 'checksum', 'SIM-FW-01': 'powerLoss' };
  for (let i = 0; i < DEVICES; i++) {
    const uuid = `SIM-FW-${String(i).padStart(2, '0')}`;
    const { id, secret } = await seedDevice(portal.database.db, company, uuid, { version: '2.4.0', model: 'SS-4' });
    ids.set(uuid, id);
    const failure = failures[uuid];
    const sim = simulator(portal.brokerUrl, uuid, secret, {
      firmware: '2.4.0',
      model: 'SS-4',
      rebootMs: 300,
      downloadDir: downloads,
      ...(failure ? { upgradeFailure: failure } : {}),
    });
    sims.set(uuid, sim);
    // The last one stays offline until the campaign is under way.
    if (i < DEVICES - 1) expect(await sim.start()).toBe(true);
  }
}, 120_000);
afterAll(async () => {
  await Promise.all([...sims.values()].map((sim) => sim.stop()));
  await portal?.close();
  await rm(downloads, { recursive: true, force: true });
}, 60_000);

async function upload(version: string) {
  const form = new FormData();
  form.append('version', version);
  form.append('models', 'SS-4');
  form.append('file', new Blob([PACKAGE]), 'fw.bin');
  // A multipart form over the socket, as a browser sends it.
  const res = await fetch(`${portal.baseUrl}${urlOf(firmwareApi.upload)}`, {
    method: 'POST',
    headers: { 'x-token': superToken },
    body: form,
  });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const rows = async (taskId: number) => (await call(portal, superToken, deviceTaskApi.rows, { page: 1, limit: 100, taskId })).data.records;

describe('an upgrade campaign on simulated devices', () => {
  it('upgrades the fleet, fails the bad checksum, resumes a broken download and waits for the offline device', async () => {
    const packageId = await upload('2.5.0');
    const made = await call(portal, superToken, firmwareApi.createCampaign, {
      packageId,
      deviceIds: [...ids.values()],
      firstStagePercent: 100,
      failureThresholdPercent: 20,
      endTime: Date.now() + 3_600_000,
    });
    expect(made.data.total).toBe(DEVICES);
    const taskId = made.data.id;
    const settled = (list: Awaited<ReturnType<typeof rows>>) => list.filter((row) => ['done', 'failed'].includes(row.state)).length;
    await waitFor(async () => settled(await rows(taskId)) === DEVICES - 1, 60_000);
    let list = await rows(taskId);
    expect(list.find((row) => row.deviceUuid === 'SIM-FW-00')).toMatchObject({ state: 'failed', reason: 'checksum mismatch' });
    expect(list.filter((row) => row.state === 'done')).toHaveLength(DEVICES - 2);
    expect(list.find((row) => row.deviceUuid === `SIM-FW-${DEVICES - 1}`)?.state).toBe('queued');
    // The device that lost power asked for the rest of the package only.
    const resumed = sims.get('SIM-FW-01');
    expect(resumed?.downloadRanges.length).toBeGreaterThan(0);
    const from = Number(/bytes=(\d+)-/.exec(resumed?.downloadRanges[0] ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThan(PACKAGE.length);
    expect(resumed?.firmwareVersion).toBe('2.5.0');
    expect(sims.get('SIM-FW-00')?.firmwareVersion).toBe('2.4.0');

    // The offline device comes online and upgrades.
    const late = sims.get(`SIM-FW-${DEVICES - 1}`);
    expect(await late?.start()).toBe(true);
    await waitFor(async () => (await rows(taskId)).find((row) => row.deviceUuid === `SIM-FW-${DEVICES - 1}`)?.state === 'done', 30_000);
    list = await rows(taskId);
    expect(list.filter((row) => row.state === 'done')).toHaveLength(DEVICES - 1);
    const versions = (await call(portal, superToken, firmwareApi.devices, { page: 1, limit: 50, keyword: 'SIM-FW' })).data.records;
    expect(versions.filter((device) => device.runningVersion === '2.5.0')).toHaveLength(DEVICES - 1);
    expect(versions.find((device) => device.deviceUuid === 'SIM-FW-00')?.runningVersion).toBe('2.4.0');

    // A package older than what the devices now run is refused.
    const older = await upload('2.4.5');
    const refused = await call(portal, superToken, firmwareApi.createCampaign, {
      packageId: older,
      deviceIds: [ids.get('SIM-FW-05') ?? 0],
      firstStagePercent: 100,
      failureThresholdPercent: 0,
      endTime: Date.now() + 3_600_000,
    });
    expect(refused).toMatchObject({ codeKey: 'SYSTEM_OTA_VERSION_LOW', data: { devices: ['SIM-FW-05'] } });
  }, 120_000);
});
