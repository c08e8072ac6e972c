import { createHash, randomBytes } from 'node:crypto';
import { evidenceFile, type SimDeviceOptions } from '@safety-shield/device-sim';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentHistory } from '../src/db/schema.js';
import { recordedUpload } from '../src/storage/upload-records.js';
import { filedIncident, twoFiles } from './evidence-fixtures.js';
import { type Company, message, seedCompany, seedDevice, waitFor } from './gateway-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';
import { breakOffPut, downloadLink, linkUsed, putTo } from './upload-fixtures.js';

let ctx: Portal;

beforeAll(async () => {
  ctx = await portalWithGateway();
}, 60_000);
afterAll(() => ctx?.close(), 60_000);

const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const db = () => ctx.database.db;

/** A device of the company holding a secret. */
const deviceOf = async (company: Company, uuid: string) => (await seedDevice(db(), company, uuid)).secret;

/** A raw MQTT device: publishes what a test tells it and records the `uploadUrl`s it receives. */
async function rawDevice(company: Company, uuid: string) {
  const { client, send } = await ctx.rawDevice(uuid, await deviceOf(company, uuid));
  const urls: Array<Record<string, unknown>> = [];
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/down/uploadUrl')) urls.push(JSON.parse(payload.toString()));
  });
  /** Files an incident with these resources; answers its message id. */
  const incident = async (resources: Array<Record<string, unknown>>) => {
    const sent = message(incidentBody(resources));
    await client.publishAsync(`dev/${uuid}/up/incident`, sent, { qos: 1 });
    return JSON.parse(sent.toString()).id as string;
  };
  return { urls, send, incident };
}

function incidentBody(resources: Array<Record<string, unknown>>) {
  return { type: 'harshBraking', triggerAt: Date.now() - 60_000, speed: 50, channel: 1, resources };
}

/** The incident a device filed with that message id, and its resources. */
async function filed(uuid: string, messageId: string) {
  const found = await filedIncident(db(), uuid, messageId);
  if (!found) throw new Error('incident not filed');
  return found;
}

/** The `upload` history of an incident: [resourceId, state, reason?] in order. */
async function uploadHistory(incidentId: number) {
  const rows = await db()
    .select()
    .from(incidentHistory)
    .where(and(eq(incidentHistory.incidentId, incidentId), eq(incidentHistory.action, 'upload')))
    .orderBy(asc(incidentHistory.id));
  return rows.map((row) => row.detail as { resourceId: string; state: number; reason?: string });
}
const statesOf = (history: Awaited<ReturnType<typeof uploadHistory>>, resourceId: string) =>
  history.filter((entry) => entry.resourceId === resourceId).map((entry) => entry.state);

const startSim = (uuid: string, secret: string, upload: Partial<SimDeviceOptions>['upload'] = {}) =>
  ctx.startSimulator(uuid, secret, {
    channels: 1,
    uploadEvidence: true,
    // The tiny files: the test compares the stored bytes with evidenceFile's.
    evidenceMedia: 'tiny',
    upload: { urlTimeoutMs: 5_000, retryDelayMs: 50, ...upload },
  });

describe('evidence upload (SPEC section 3 states)', () => {
  it('takes a simulated device’s files through 0→1→2→3→4→5→6, verified and downloadable', { timeout: 30_000 }, async () => {
    const company = await seedCompany(db(), 'Upload');
    const uuid = 'UP-SIM-1';
    const sim = await startSim(uuid, await deviceOf(company, uuid));
    const messageId = sim.raiseIncident('harshBraking', { resources: twoFiles('full') });
    const done = async () => {
      const { resources } = await filed(uuid, messageId).catch(() => ({ resources: [] }));
      return resources.length === 2 && resources.every((resource) => resource.state === 6);
    };
    await waitFor(done, 20_000);
    const { incident: row, resources } = await filed(uuid, messageId);
    const history = await uploadHistory(row.id);
    for (const resource of resources) {
      const file = evidenceFile(uuid, messageId, { id: resource.deviceResourceId, kind: resource.kind });
      expect(resource).toMatchObject({
        state: 6,
        failReason: null,
        sizeBytes: file.bytes.length,
        sha256: file.sha256,
        contentType: file.contentType,
        objectKey: `incident/${row.id}/${resource.id}`,
      });
      expect(statesOf(history, resource.deviceResourceId)).toEqual([1, 2, 3, 4, 5, 6]);
      const res = await fetch(downloadLink(ctx.baseUrl, resource.objectKey ?? '', file.contentType));
      expect(res.status).toBe(200);
      expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(file.sha256);
    }
    await waitFor(async () => sim.stats.evidenceUploaded === 2, 5_000);
    expect(sim.stats).toMatchObject({ evidenceUploaded: 2, evidenceAbandoned: 0 });
  });

  it('resumes a broken upload with a fresh apply: same resource row, final state 6', { timeout: 30_000 }, async () => {
    const company = await seedCompany(db(), 'Resume');
    const uuid = 'UP-SIM-2';
    let calls = 0;
    // The first PUT sends half its body, then the connection drops.
    const brokenOnce: typeof fetch = async (input, init) => {
      calls++;
      if (calls > 1) return fetch(input, init);
      await breakOffPut(String(input), new Headers(init?.headers).get('content-type') ?? '', Buffer.from(init?.body as Uint8Array));
      throw new Error('connection reset');
    };
    const sim = await startSim(uuid, await deviceOf(company, uuid), { fetch: brokenOnce });
    const messageId = sim.raiseIncident('overSpeed', { resources: [{ id: 'resume.mp4', kind: 'video', channel: 1 }] });
    await waitFor(async () => (await filed(uuid, messageId).catch(() => null))?.resources[0]?.state === 6, 20_000);
    const { incident: row, resources } = await filed(uuid, messageId);
    expect(resources).toHaveLength(1);
    const file = evidenceFile(uuid, messageId, { id: 'resume.mp4', kind: 'video' });
    expect(resources[0]).toMatchObject({ sha256: file.sha256, sizeBytes: file.bytes.length, failReason: null });
    const history = await uploadHistory(row.id);
    expect(statesOf(history, 'resume.mp4')).toEqual([1, 2, 3, -1, 1, 2, 3, 4, 5, 6]);
    expect(history.find((entry) => entry.state === -1)?.reason).toBe('connection reset');
    // The device counts the upload done when its last report is acknowledged, a moment after the portal stored it.
    await waitFor(async () => sim.stats.evidenceUploaded === 1, 5_000);
    expect(sim.stats).toMatchObject({ evidenceUploaded: 1, evidenceFailedTries: 1 });
  });

  it('marks a file whose bytes are not the announced SHA-256 failed: checksum mismatch', async () => {
    const company = await seedCompany(db(), 'Checksum');
    const dvr = await rawDevice(company, 'UP-RAW-1');
    const messageId = await dvr.incident([{ id: 'c.jpg', kind: 'picture', channel: 1 }]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
    const ids = { incidentMessageId: messageId, resourceId: 'c.jpg' };
    await dvr.send('upload', { ...ids, state: 1, size: jpeg.length, sha256: sha(Buffer.from('other bytes')), contentType: 'image/jpeg' });
    const grant = await waitFor(() => dvr.urls[0]);
    expect(grant).toMatchObject({ ...ids, url: expect.stringMatching(new RegExp(`^${ctx.baseUrl}/objects/`)) });
    expect(grant.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    await dvr.send('upload', { ...ids, state: 3 });
    const res = await fetch(String(grant.url), { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: jpeg });
    expect(res.status).toBe(422);
    const { incident: row, resources } = await filed('UP-RAW-1', messageId);
    expect(resources[0]).toMatchObject({ state: -1, failReason: 'checksum mismatch', objectKey: null });
    const history = await uploadHistory(row.id);
    expect(history).toEqual([
      { resourceId: 'c.jpg', state: 1 },
      { resourceId: 'c.jpg', state: 2 },
      { resourceId: 'c.jpg', state: 3 },
      { resourceId: 'c.jpg', state: -1, reason: 'checksum mismatch' },
    ]);
  });

  it('takes one upload per URL: one broken off may be completed with it, a second PUT to a used one is refused', async () => {
    const company = await seedCompany(db(), 'Once');
    const dvr = await rawDevice(company, 'UP-RAW-3');
    const messageId = await dvr.incident([{ id: 'once.jpg', kind: 'picture', channel: 1 }]);
    const jpegOf = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000)]);
    const jpeg = jpegOf();
    const ids = { incidentMessageId: messageId, resourceId: 'once.jpg' };
    await dvr.send('upload', { ...ids, state: 1, size: jpeg.length, sha256: sha(jpeg), contentType: 'image/jpeg' });
    const url = String((await waitFor(() => dvr.urls[0])).url);
    await dvr.send('upload', { ...ids, state: 3 });
    await breakOffPut(url, 'image/jpeg', jpeg);
    expect((await filed('UP-RAW-3', messageId)).resources[0]).toMatchObject({ state: 3, objectKey: null });
    expect(await (await putTo(url, 'image/jpeg', jpeg)).json()).toMatchObject({
      code: 200,
      data: { size: jpeg.length, sha256: sha(jpeg) },
    });
    // The same bytes again, and others (which the announced SHA-256 alone would refuse as a checksum mismatch).
    for (const body of [jpeg, jpegOf()]) {
      const again = await putTo(url, 'image/jpeg', body);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject(linkUsed);
    }
    const { incident: row, resources } = await filed('UP-RAW-3', messageId);
    const key = `incident/${row.id}/${resources[0]?.id}`;
    expect(resources[0]).toMatchObject({ state: 4, sizeBytes: jpeg.length, sha256: sha(jpeg), failReason: null, objectKey: key });
    expect(statesOf(await uploadHistory(row.id), 'once.jpg')).toEqual([1, 2, 3, 4]);
    expect(await recordedUpload(db(), key)).toEqual({ size: jpeg.length, sha256: sha(jpeg) });
    const stored = await fetch(downloadLink(ctx.baseUrl, key));
    expect(Buffer.from(await stored.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('refuses another device asking a URL for this device’s resource: nothing stored, no URL', async () => {
    const company = await seedCompany(db(), 'Foreign');
    const owner = await rawDevice(company, 'UP-OWNER');
    const stranger = await rawDevice(company, 'UP-STRANGER');
    const messageId = await owner.incident([{ id: 'mine.jpg', kind: 'picture', channel: 1 }]);
    const apply = {
      incidentMessageId: messageId,
      resourceId: 'mine.jpg',
      state: 1,
      size: 1000,
      sha256: sha(Buffer.from('x')),
      contentType: 'image/jpeg',
    };
    await stranger.send('upload', apply);
    await stranger.send('upload', { ...apply, state: -1, reason: 'spoiled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stranger.urls).toHaveLength(0);
    expect(owner.urls).toHaveLength(0);
    const { incident: row, resources } = await filed('UP-OWNER', messageId);
    expect(resources[0]).toMatchObject({ state: 0, failReason: null });
    expect(await uploadHistory(row.id)).toEqual([]);
  });

  it('fails an oversized or wrongly typed apply with its reason, and keeps states moving forward only', async () => {
    const company = await seedCompany(db(), 'Limits');
    const dvr = await rawDevice(company, 'UP-RAW-2');
    const messageId = await dvr.incident([
      { id: 'big.jpg', kind: 'picture', channel: 1 },
      { id: 'wrong.mp4', kind: 'video', channel: 1 },
    ]);
    const hash = sha(Buffer.from('x'));
    await dvr.send('upload', {
      incidentMessageId: messageId,
      resourceId: 'big.jpg',
      state: 1,
      size: 10 * 1024 * 1024 + 1,
      sha256: hash,
      contentType: 'image/jpeg',
    });
    await dvr.send('upload', {
      incidentMessageId: messageId,
      resourceId: 'wrong.mp4',
      state: 1,
      size: 1000,
      sha256: hash,
      contentType: 'image/jpeg',
    });
    // Out of order: 5 before the portal holds the file is not stored.
    await dvr.send('upload', { incidentMessageId: messageId, resourceId: 'wrong.mp4', state: 5 });
    const { incident: row, resources } = await filed('UP-RAW-2', messageId);
    expect(resources.map((resource) => [resource.deviceResourceId, resource.state, resource.failReason])).toEqual([
      ['big.jpg', -1, 'a picture may have at most 10485760 bytes'],
      ['wrong.mp4', -1, 'a video must be video/mp4'],
    ]);
    expect(await uploadHistory(row.id)).toEqual([
      { resourceId: 'big.jpg', state: -1, reason: 'a picture may have at most 10485760 bytes' },
      { resourceId: 'wrong.mp4', state: -1, reason: 'a video must be video/mp4' },
    ]);
    expect(dvr.urls).toHaveLength(0);
  });
});
