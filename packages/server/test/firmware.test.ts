import { createHash, randomBytes } from 'node:crypto';
import { dashboardApi, deviceApi, deviceTaskApi, firmwareApi, type InputOf } from '@safety-shield/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked, urlOf } from './api-client.js';
import { type Company, connectDevice, message, seedCompany, seedDevice, waitFor } from './gateway-fixtures.js';
import { firstPage, login } from './helpers.js';
import { signedIn } from './identity-fixtures.js';
import { companyTree } from './media-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';

/**
 * Firmware packages and upgrade campaigns (docs/device-protocol.md, `upgrade`) against devices played by hand over
 * MQTT: the test decides each answer and step, so every outcome the portal keeps can be reached.
 */

type Body = Record<string, unknown>;

let portal: Portal;
let superToken: string;
let companyAdmin: string;
let company: Company;
const PACKAGE = randomBytes(64 * 1024);
const SHA = createHash('sha256').update(PACKAGE).digest('hex');

beforeAll(async () => {
  portal = await portalWithGateway({ commandTimeoutMs: 2_000 });
  company = await seedCompany(portal.database.db, 'Firmware');
  superToken = await login(portal.app);
  companyAdmin = (await signedIn(portal, 'fw.company', 'COMPANY_ADMIN', companyTree(company))).token;
}, 60_000);
afterAll(async () => {
  await portal?.close();
}, 60_000);

/** `firmwareApi.upload` as a browser sends it, over the socket: fields first, then the file. */
async function upload(fields: Record<string, string>, file: Buffer | null = PACKAGE, token = superToken) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file]), 'fw.bin');
  const res = await fetch(`${portal.baseUrl}${urlOf(firmwareApi.upload)}`, { method: 'POST', headers: { 'x-token': token }, body: form });
  return (await res.json()) as { codeKey: string; data: Body & { id: number } };
}

/**
 * A device played by hand (seeded unless its secret is given): it says hello with a version and model, takes every
 * `upgrade` order it gets and keeps it.
 */
async function handDevice(uuid: string, version: string, given?: string) {
  const secret = given ?? (await seedDevice(portal.database.db, company, uuid, { version, model: 'SS-4' })).secret;
  const orders: Body[] = [];
  let client: MqttClient;
  const connect = async (runs: string) => {
    client = await connectDevice(portal.gateway.port ?? 0, uuid, secret);
    client.on('message', (topic, payload) => {
      const body = JSON.parse(String(payload)) as Body;
      if (!topic.endsWith('/upgrade')) return;
      orders.push(body);
      void client.publishAsync(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
    });
    await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
    await client.publishAsync(`dev/${uuid}/up/hello`, message({ version: runs, model: 'SS-4' }), { qos: 1 });
  };
  await connect(version);
  const device = {
    orders,
    step: (upgradeId: unknown, phase: string, extra: Body = {}) =>
      client.publishAsync(`dev/${uuid}/up/upgradeProgress`, message({ upgradeId, phase, ...extra }), { qos: 1 }),
    /** The device reboots: it goes away and comes back running `runs`. */
    reboot: async (runs: string) => {
      await client.endAsync();
      await connect(runs);
    },
    close: () => client.endAsync(),
  };
  return device;
}

/** The package the first test uploads, which the campaigns install. */
let packageId: number;
type CampaignBody = InputOf<typeof firmwareApi.createCampaign>;
/** A campaign of the uploaded package: by default one stage of all its devices, no failure allowed, ending in an hour. */
const campaignBody = (fields: Partial<CampaignBody>) => ({
  packageId,
  firstStagePercent: 100,
  failureThresholdPercent: 0,
  endTime: later(),
  ...fields,
});
const campaign = (fields: Pick<CampaignBody, 'deviceIds'> & Partial<CampaignBody>, token = superToken) =>
  call(portal, token, firmwareApi.createCampaign, campaignBody(fields));
const rows = async (taskId: number) => (await call(portal, superToken, deviceTaskApi.rows, { page: 1, limit: 100, taskId })).data.records;
const info = async (taskId: number) => (await call(portal, superToken, firmwareApi.campaign, { taskId })).data;
const deviceId = async (uuid: string) =>
  (await call(portal, superToken, deviceApi.list, { ...firstPage, keyword: uuid })).data.records[0]?.deviceId ?? 0;
const later = () => Date.now() + 3_600_000;

describe('firmware packages', () => {
  it('are uploaded as multipart, streamed, hashed and listed', async () => {
    const made = await upload({ version: '2.5.0', models: 'SS-4, SS-8', notes: 'Night mode' });
    expect(made.codeKey).toBe('REQUEST_SUCCESS');
    expect(made.data).toMatchObject({ version: '2.5.0', models: ['SS-4', 'SS-8'], size: PACKAGE.length, sha256: SHA, fileName: 'fw.bin' });
    packageId = made.data.id;
    const listed = await call(portal, superToken, firmwareApi.packages, { ...firstPage, keyword: 'ss-8' });
    expect(listed.data.records.map((p) => p.id)).toEqual([packageId]);
  });

  it('refuses bad fields, a missing or empty file, a clashing version and other roles', async () => {
    expect((await upload({ version: 'two' })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await upload({ version: '2.6.0', models: 'a b' })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await upload({ version: '2.6.0' }, null)).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await upload({ version: '2.6.0' }, Buffer.alloc(0))).codeKey).toBe('UPLOAD_FILE_FAIL');
    expect((await upload({ version: '2.5.0', models: 'SS-8' })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await upload({ version: '2.6.0\u0000' })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await upload({ version: '2.6.0' }, PACKAGE, companyAdmin)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    // A JSON body where the form belongs: a call sends no body to an endpoint that declares none, so it is injected.
    const json = await portal.app.inject({
      method: firmwareApi.upload.method,
      url: urlOf(firmwareApi.upload),
      headers: { 'x-token': superToken },
      payload: { version: '2.6.0' },
    });
    expect(json.json().codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(portal, companyAdmin, firmwareApi.packages, firstPage)).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});

describe('an upgrade campaign', () => {
  it('orders a device, follows its steps, and ends done when it comes back with the version', async () => {
    const device = await handDevice('FW-OK', '2.4.1');
    try {
      const made = await campaign({ deviceIds: [await deviceId('FW-OK')], failureThresholdPercent: 50 });
      expect(made.data).toMatchObject({ kind: 'upgrade', version: '2.5.0', control: 'active', total: 1 });
      const order = await waitFor(async () => device.orders[0]);
      expect(order).toMatchObject({ version: '2.5.0', size: PACKAGE.length, sha256: SHA });
      // The package comes through the signed link, a range at a time if asked.
      const part = await fetch(String(order.url), { headers: { range: 'bytes=1000-' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(PACKAGE.subarray(1000));
      await device.step(order.upgradeId, 'downloading', { percent: 40 });
      await waitFor(async () => (await rows(made.data.id))[0]?.progress === 40);
      expect((await rows(made.data.id))[0]).toMatchObject({ state: 'running', phase: 'downloading' });
      await device.step(order.upgradeId, 'verifying');
      await device.step(order.upgradeId, 'installing');
      await device.step(order.upgradeId, 'rebooting');
      await waitFor(async () => (await rows(made.data.id))[0]?.phase === 'rebooting');
      await device.reboot('2.5.0');
      await waitFor(async () => (await rows(made.data.id))[0]?.state === 'done');
      expect((await info(made.data.id)).state).toBe('done');
      const log = await call(portal, superToken, firmwareApi.log, { ...firstPage, keyword: 'FW-OK' });
      expect(log.data.records[0]).toMatchObject({ packageVersion: '2.5.0', fromVersion: '2.4.1', toVersion: '2.5.0', result: 'done' });
      const listed = await call(portal, superToken, firmwareApi.devices, { ...firstPage, keyword: 'FW-OK' });
      expect(listed.data.records[0]).toMatchObject({ runningVersion: '2.5.0', targetVersion: '2.5.0', phase: 'done', progress: 100 });
    } finally {
      await device.close();
    }
  });

  it('refuses a downgrade, devices of other models and other organisations', async () => {
    await seedDevice(portal.database.db, company, 'FW-NEWER', { version: '3.0.0', model: 'SS-4' });
    const refused = await campaign({ deviceIds: [await deviceId('FW-NEWER')] });
    expect(refused).toMatchObject({ codeKey: 'SYSTEM_OTA_VERSION_LOW' });
    await seedDevice(portal.database.db, company, 'FW-OTHER-MODEL', { version: '2.0.0', model: 'XR-1' });
    expect(await campaign({ deviceIds: [await deviceId('FW-OTHER-MODEL')] })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await campaign({ deviceIds: [1] }, companyAdmin)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    for (const bad of [
      campaignBody({}),
      campaignBody({ deviceIds: [2_147_483_648] }),
      campaignBody({ deviceIds: [1], firstStagePercent: 0 }),
      campaignBody({ deviceIds: [1], endTime: Date.now() - 1 }),
      campaignBody({ packageId: 999_999, deviceIds: [1] }),
    ])
      expect(await callUnchecked(portal, superToken, firmwareApi.createCampaign, bad)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('fails a device’s bad checksum, halts at its threshold, and sends the next stage after the first', async () => {
    const failing = await handDevice('FW-STAGE-A', '2.4.0');
    const second = await handDevice('FW-STAGE-B', '2.4.0');
    try {
      const ids = [await deviceId('FW-STAGE-A'), await deviceId('FW-STAGE-B')];
      const made = await campaign({ deviceIds: ids, firstStagePercent: 50 });
      expect(made.data).toMatchObject({ firstStageSize: 1, stage: 1 });
      const order = await waitFor(async () => failing.orders[0]);
      expect(second.orders).toHaveLength(0);
      await failing.step(order.upgradeId, 'failed', { reason: 'checksum mismatch' });
      await waitFor(async () => (await info(made.data.id)).control === 'halted');
      expect((await info(made.data.id)).controlReason).toContain('1 of 1 devices of stage 1 failed');
      expect((await rows(made.data.id)).find((r) => r.deviceUuid === 'FW-STAGE-A')).toMatchObject({
        state: 'failed',
        reason: 'checksum mismatch',
      });
      expect(second.orders).toHaveLength(0);
      // Resumed by hand: the first stage has ended, so the second goes out.
      await call(portal, superToken, firmwareApi.resume, { taskId: made.data.id });
      await waitFor(async () => second.orders[0]);
      expect((await info(made.data.id)).stage).toBe(2);
      const log = await call(portal, superToken, firmwareApi.log, { ...firstPage, result: 'failed', keyword: 'FW-STAGE' });
      expect(log.data.records[0]).toMatchObject({ deviceUuid: 'FW-STAGE-A', reason: 'checksum mismatch', toVersion: '2.4.0' });
      // Aborted: the second device is told to stop and its row is cancelled.
      await call(portal, superToken, firmwareApi.abort, { taskId: made.data.id });
      expect((await info(made.data.id)).control).toBe('aborted');
      expect((await rows(made.data.id)).find((r) => r.deviceUuid === 'FW-STAGE-B')?.state).toBe('cancelled');
    } finally {
      await failing.close();
      await second.close();
    }
  });

  it('orders an offline device at its hello, again after its download broke, and fails it back on the old version', async () => {
    const { secret } = await seedDevice(portal.database.db, company, 'FW-LATE', { version: '2.4.0', model: 'SS-4' });
    const made = await campaign({ deviceIds: [await deviceId('FW-LATE')], failureThresholdPercent: 100 });
    expect((await rows(made.data.id))[0]?.state).toBe('queued');
    const late = await handDevice('FW-LATE', '2.4.0', secret);
    try {
      const first = await waitFor(async () => late.orders[0]);
      await late.step(first.upgradeId, 'downloading', { percent: 30 });
      await waitFor(async () => (await rows(made.data.id))[0]?.progress === 30);
      // Power lost mid-download: at its next hello it gets the order again (a fresh link) and resumes.
      await late.reboot('2.4.0');
      await waitFor(async () => late.orders[1]);
      expect(late.orders[1]?.upgradeId).toBe(first.upgradeId);
      await late.step(first.upgradeId, 'installing');
      await late.step(first.upgradeId, 'rebooting');
      await waitFor(async () => (await rows(made.data.id))[0]?.phase === 'rebooting');
      await late.reboot('2.4.0');
      await waitFor(async () => (await rows(made.data.id))[0]?.state === 'failed');
      expect((await rows(made.data.id))[0]?.reason).toBe('came back with version 2.4.0');
    } finally {
      await late.close();
    }
    const figures = await call(portal, superToken, dashboardApi.remoteUpgrade);
    expect(figures.data).toMatchObject({ tracked: true });
    expect(figures.data.tasks).toBeGreaterThanOrEqual(3);
    expect(figures.data.failed).toBeGreaterThanOrEqual(2);
    expect(figures.data.succeeded).toBeGreaterThanOrEqual(1);
  });

  it('exports the upgrade list and log', async () => {
    const sheet = await fetch(`${portal.baseUrl}${urlOf(firmwareApi.export, { keyword: 'FW-' })}`, { headers: { 'x-token': superToken } });
    expect(
      Buffer.from(await sheet.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const csv = await fetch(`${portal.baseUrl}${urlOf(firmwareApi.logExport, { keyword: 'FW-OK' })}`, {
      headers: { 'x-token': superToken },
    });
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('Package version');
    expect(text).toContain('FW-OK,2.5.0,2.4.1,2.5.0,Upgraded,');
    expect((await call(portal, companyAdmin, firmwareApi.log, firstPage)).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});
