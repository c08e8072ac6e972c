import { eventApi, evidenceRequestApi, PUSH_PATH, type PushServerMessage } from '@safety-shield/contract';
import type { SimDeviceOptions } from '@safety-shield/device-sim';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { device, eventTag, evidenceTask, incident, incidentHistory, incidentResource } from '../src/db/schema.js';
import { ensureDefaultTags } from '../src/modules/incidents/default-tags.js';
import { call } from './api-client.js';
import { filedIncident, twoFiles, uploadsWhenAsked } from './evidence-fixtures.js';
import { message, nextMessage, seedCompany, seedDevice, waitFor } from './gateway-fixtures.js';
import { signedIn } from './identity-fixtures.js';
import { companyTree } from './media-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';

let ctx: Portal;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await portalWithGateway({ commandTimeoutMs: 2_000 });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
}, 60_000);

const db = () => ctx.database.db;

/** A company with a device holding a secret and a logged-in Company Admin. */
async function setup(label: string, uuid: string) {
  const company = await seedCompany(db(), label);
  const { secret } = await seedDevice(db(), company, uuid);
  const admin = await signedIn(ctx, `admin.${uuid.toLowerCase()}`, 'COMPANY_ADMIN', companyTree(company));
  return { company, secret, token: admin.token };
}

const startSim = (uuid: string, secret: string, options: Partial<SimDeviceOptions> = {}) =>
  ctx.startSimulator(uuid, secret, { channels: 1, ...uploadsWhenAsked, ...options });

/** The incident a device filed with that message id, and its resources, once it is filed. */
const filed = (uuid: string, messageId: string) => waitFor(() => filedIncident(db(), uuid, messageId), 10_000);

const stateOf = async (resourceId: number) =>
  (await db().select({ state: incidentResource.state }).from(incidentResource).where(eq(incidentResource.id, resourceId)))[0]?.state;
const taskState = async (taskId: number) =>
  (await db().select({ state: evidenceTask.state, reason: evidenceTask.reason }).from(evidenceTask).where(eq(evidenceTask.id, taskId)))[0];
const historyOf = async (incidentId: number, action: string) =>
  db()
    .select()
    .from(incidentHistory)
    .where(and(eq(incidentHistory.incidentId, incidentId), eq(incidentHistory.action, action)))
    .orderBy(asc(incidentHistory.id));

/** A console socket, authenticated, keeping what it receives. */
async function consoleSocket(token: string) {
  const socket = new WebSocket(`ws${ctx.baseUrl.slice(4)}${PUSH_PATH}`);
  sockets.push(socket);
  const received: PushServerMessage[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await waitFor(() => received.some((m) => m.type === 'ready'));
  return { socket, received, send: (body: object) => socket.send(JSON.stringify(body)) };
}

describe('on-demand evidence requests (SPEC section 7, Device)', () => {
  it('uploads a requested picture to 4/5/6, pushes its states to a subscribed console only, then asks nothing more', {
    timeout: 40_000,
  }, async () => {
    const uuid = 'REQ-PIC';
    const { secret, token } = await setup('ReqPic', uuid);
    const other = await setup('ReqPicOther', 'REQ-PIC-OTHER');
    const sim = await startSim(uuid, secret);
    const messageId = sim.raiseIncident('harshBraking', { resources: twoFiles('p') });
    const { incident: row, resources } = await filed(uuid, messageId);
    const picture = resources.find((r) => r.kind === 'picture');
    if (!picture) throw new Error('no picture');
    expect(picture.state).toBe(0);

    const mine = await consoleSocket(token);
    const theirs = await consoleSocket(other.token);
    mine.send({ type: 'uploads', eventId: row.id, on: true });
    theirs.send({ type: 'uploads', eventId: row.id, on: true });
    await waitFor(() => theirs.received.some((m) => m.type === 'error'));
    expect(theirs.received.find((m) => m.type === 'error')).toEqual({ type: 'error', codeKey: 'PERMISSION_CHECK_FAIL' });
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Another organisation may not ask; nor may a role that does not write incidents.
    const foreign = await call(ctx, other.token, evidenceRequestApi.picture, { eventId: row.id, resourceId: picture.id });
    expect(foreign).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    // The Super Admin's assistant sees every incident but does not write them.
    const reader = await signedIn(ctx, 'reader.req-pic', 'SUPER_ASSISTANT');
    const refused = await call(ctx, reader.token, evidenceRequestApi.picture, { eventId: row.id, resourceId: picture.id });
    expect(refused).toMatchObject({ status: 403 });
    expect(await db().select().from(evidenceTask).where(eq(evidenceTask.incidentId, row.id))).toEqual([]);

    const asked = await call(ctx, token, evidenceRequestApi.picture, { eventId: row.id, resourceId: picture.id });
    expect(asked).toMatchObject({ code: 200, data: { eventId: row.id, resourceIds: [picture.id] } });
    expect(['sent', 'done']).toContain(asked.data.state);
    const taskId = asked.data.taskId as number;
    await waitFor(async () => (await stateOf(picture.id)) === 6, 15_000);
    await waitFor(async () => (await taskState(taskId))?.state === 'done');
    // The video was not asked for: it stays on the device.
    expect(await stateOf(resources.find((r) => r.kind === 'video')?.id ?? 0)).toBe(0);

    // The apply stores 1 and 2 at once: consoles see 2.
    await waitFor(() => mine.received.filter((m) => m.type === 'upload').length >= 5, 5_000);
    const states = mine.received.flatMap((m) => (m.type === 'upload' ? [m.state] : []));
    expect(mine.received.filter((m) => m.type === 'upload' && m.taskId !== taskId)).toEqual([]);
    expect(states).toEqual([2, 3, 4, 5, 6]);
    expect(mine.received.find((m) => m.type === 'upload')).toEqual({
      type: 'upload',
      eventId: row.id,
      resourceId: picture.id,
      state: 2,
      taskId,
    });
    expect(theirs.received.filter((m) => m.type === 'upload')).toEqual([]);

    const history = await historyOf(row.id, 'evidenceRequested');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      username: `admin.${uuid.toLowerCase()}`,
      detail: { taskId, kind: 'picture', resourceIds: ['p.jpg'] },
    });

    // Stored already: not asked again.
    const again = await call(ctx, token, evidenceRequestApi.picture, { eventId: row.id, resourceId: picture.id });
    expect(again.data).toEqual({ taskId: null, eventId: row.id, state: 'done', resourceIds: [] });
    const list = await call(ctx, token, evidenceRequestApi.list, { eventId: row.id });
    expect(list.data).toEqual([
      expect.objectContaining({ taskId, state: 'done', kind: 'picture', createdBy: `admin.${uuid.toLowerCase()}` }),
    ]);
  });

  it('uploads the videos a device kept, and a clip it cuts as a new resource', { timeout: 40_000 }, async () => {
    const uuid = 'REQ-VID';
    const { secret, token } = await setup('ReqVid', uuid);
    const sim = await startSim(uuid, secret, { autoUpload: 'pictures' });
    const messageId = sim.raiseIncident('collision', { resources: twoFiles('v') });
    const { incident: row, resources } = await filed(uuid, messageId);
    const [picture, video] = resources;
    if (!picture || !video) throw new Error('no files');
    await waitFor(async () => (await stateOf(picture.id)) === 6, 15_000);
    expect(await stateOf(video.id)).toBe(0);

    const asked = await call(ctx, token, evidenceRequestApi.videos, { eventId: row.id });
    expect(asked.data).toMatchObject({ eventId: row.id, resourceIds: [video.id] });
    await waitFor(async () => (await stateOf(video.id)) === 6, 15_000);
    await waitFor(async () => (await taskState(asked.data.taskId ?? 0))?.state === 'done');

    const trigger = row.triggerAt.getTime();
    const outside = await call(ctx, token, evidenceRequestApi.clip, { eventId: row.id, resourceId: video.id, time: trigger + 3_600_000 });
    expect(outside).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    const clip = await call(ctx, token, evidenceRequestApi.clip, { eventId: row.id, resourceId: video.id, time: trigger + 295_000 });
    expect(clip.code).toBe(200);
    const [clipId] = clip.data.resourceIds;
    const [created] = await db()
      .select()
      .from(incidentResource)
      .where(eq(incidentResource.id, clipId ?? 0));
    expect(created).toMatchObject({
      deviceResourceId: `clip-${clip.data.taskId}-ch1`,
      kind: 'video',
      channel: 1,
      startAt: new Date(trigger + 285_000),
      // Cut to the incident's time + 5 min.
      endAt: new Date(trigger + 300_000),
    });
    await waitFor(async () => (await stateOf(clipId ?? 0)) === 6, 15_000);
    await waitFor(async () => (await taskState(clip.data.taskId ?? 0))?.state === 'done');
    const detail = await call(ctx, token, eventApi.info, { eventId: row.id });
    expect(detail.data.resources).toHaveLength(3);
  });

  it('holds back the videos of a tag that does not receive them until an operator asks for them', { timeout: 40_000 }, async () => {
    const uuid = 'REQ-HELD';
    const { company, secret, token } = await setup('ReqHeld', uuid);
    await ensureDefaultTags(db(), company.companyId);
    await db()
      .update(eventTag)
      .set({ receiveVideo: false })
      .where(and(eq(eventTag.belongCompanyId, company.companyId), eq(eventTag.defaultKind, 'emergency')));
    // The device would upload everything by itself; the portal answers the video's apply with uploadHeld.
    const sim = await startSim(uuid, secret, { autoUpload: 'all' });
    const messageId = sim.raiseIncident('collision', { resources: twoFiles('h') });
    const { incident: row, resources } = await filed(uuid, messageId);
    const [picture, video] = resources;
    if (!picture || !video) throw new Error('no files');
    await waitFor(async () => (await stateOf(picture.id)) === 6 && sim.stats.evidenceHeld === 1, 15_000);
    expect(await stateOf(video.id)).toBe(0);
    expect(sim.stats).toMatchObject({ evidenceFailedTries: 0, evidenceAbandoned: 0 });

    const asked = await call(ctx, token, evidenceRequestApi.videos, { eventId: row.id });
    expect(asked.data).toMatchObject({ eventId: row.id, resourceIds: [video.id] });
    await waitFor(async () => (await stateOf(video.id)) === 6, 15_000);
  });

  it('keeps a task of an offline device waiting, does not double it, and sends it at the next hello', { timeout: 40_000 }, async () => {
    const uuid = 'REQ-OFF';
    const { secret, token } = await setup('ReqOff', uuid);
    const sim = await startSim(uuid, secret, { reconnectDelayMs: { min: 2_500, max: 2_500 } });
    const messageId = sim.raiseIncident('fatigue', { resources: twoFiles('o') });
    const { incident: row, resources } = await filed(uuid, messageId);
    const video = resources.find((r) => r.kind === 'video');
    sim.drop();
    await waitFor(
      async () => (await db().select({ online: device.online }).from(device).where(eq(device.deviceUuid, uuid)))[0]?.online === false,
    );

    const first = await call(ctx, token, evidenceRequestApi.videos, { eventId: row.id });
    expect(first.data).toMatchObject({ state: 'waiting', resourceIds: [video?.id] });
    const second = await call(ctx, token, evidenceRequestApi.videos, { eventId: row.id });
    expect(second.data).toEqual(first.data);
    const batch = await call(ctx, token, evidenceRequestApi.batchVideos, { eventId: [row.id] });
    expect(batch.data).toEqual([first.data]);

    // The device comes back by itself: its hello sends the task.
    await waitFor(async () => (await stateOf(video?.id ?? 0)) === 6, 20_000);
    await waitFor(async () => (await taskState(first.data.taskId ?? 0))?.state === 'done');
  });

  it('fails a task the device refuses, and cancels a sent one on the device too', { timeout: 30_000 }, async () => {
    const uuid = 'REQ-RAW';
    const { secret, token } = await setup('ReqRaw', uuid);
    const { client, send } = await ctx.rawDevice(uuid, secret);
    await send('hello', { version: '1.0', channels: 2 });
    const sent = message({ type: 'overSpeed', triggerAt: Date.now() - 60_000, speed: 99, channel: 1, resources: twoFiles('r') });
    const incidentMessageId = JSON.parse(sent.toString()).id as string;
    await client.publishAsync(`dev/${uuid}/up/incident`, sent, { qos: 1 });
    const { incident: row, resources } = await filed(uuid, incidentMessageId);
    const [picture, video] = resources;

    const request = nextMessage(client, '/down/evidenceRequest');
    const asked = await call(ctx, token, evidenceRequestApi.picture, { eventId: row.id, resourceId: picture?.id ?? 0 });
    const { body } = await request;
    expect(body).toMatchObject({ v: 1, taskId: asked.data.taskId, incidentMessageId, resourceIds: ['r.jpg'] });
    expect(body.clip).toBeUndefined();
    await send('ack', { ref: body.id, ok: false, error: 'not held: r.jpg' });
    await waitFor(async () => (await taskState(asked.data.taskId ?? 0))?.state === 'failed');
    expect(await taskState(asked.data.taskId ?? 0)).toEqual({ state: 'failed', reason: 'not held: r.jpg' });

    const clipRequest = nextMessage(client, '/down/evidenceRequest');
    const clip = await call(ctx, token, evidenceRequestApi.clip, {
      eventId: row.id,
      resourceId: video?.id ?? 0,
      time: Math.floor(row.triggerAt.getTime() / 1000),
    });
    const clipBody = (await clipRequest).body;
    const second = Math.floor(row.triggerAt.getTime() / 1000) * 1000;
    const name = `clip-${clip.data.taskId}-ch1`;
    expect(clipBody).toMatchObject({
      taskId: clip.data.taskId,
      resourceIds: [name],
      clip: { resourceId: name, channel: 1, start: second - 10_000, end: second + 10_000 },
    });
    await send('ack', { ref: clipBody.id, ok: true });
    const cancelled = nextMessage(client, '/down/cancelUpload');
    const cancel = await call(ctx, token, evidenceRequestApi.cancel, { taskId: clip.data.taskId ?? 0 });
    expect(cancel.data).toMatchObject({ taskId: clip.data.taskId, state: 'cancelled' });
    expect((await cancelled).body).toMatchObject({ taskId: clip.data.taskId });
    const twice = await call(ctx, token, evidenceRequestApi.cancel, { taskId: clip.data.taskId ?? 0 });
    expect(twice).toMatchObject({ status: 409, codeKey: 'DEVICE_STATE_ERROR' });
    expect(await historyOf(row.id, 'evidenceCancelled')).toEqual([expect.objectContaining({ detail: { taskId: clip.data.taskId } })]);
    const other = await setup('ReqRawOther', 'REQ-RAW-OTHER');
    const foreign = await call(ctx, other.token, evidenceRequestApi.cancel, { taskId: clip.data.taskId ?? 0 });
    expect(foreign).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('asks for a batch all or none', async () => {
    const { token, company } = await setup('ReqBatch', 'REQ-BATCH');
    const other = await setup('ReqBatchOther', 'REQ-BATCH-OTHER');
    const rows = await db()
      .insert(incident)
      .values(
        [company, other.company].map((c, i) => ({
          deviceId: 0,
          messageId: `batch-${i}`,
          deviceUuid: i === 0 ? 'REQ-BATCH' : 'REQ-BATCH-OTHER',
          type: 'collision',
          triggerAt: new Date(),
          belongAgentId: c.agentId,
          belongCompanyId: c.companyId,
        })),
      )
      .returning({ id: incident.id });
    const [mine, theirs] = rows.map((r) => r.id);
    await db()
      .insert(incidentResource)
      .values([{ incidentId: mine ?? 0, deviceResourceId: 'b.jpg', kind: 'picture' }]);
    const mixed = await call(ctx, token, evidenceRequestApi.batchPictures, { eventId: [mine ?? 0, theirs ?? 0] });
    expect(mixed).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(
      await db()
        .select()
        .from(evidenceTask)
        .where(eq(evidenceTask.incidentId, mine ?? 0)),
    ).toEqual([]);
    const ok = await call(ctx, token, evidenceRequestApi.batchPictures, { eventId: [mine ?? 0] });
    expect(ok.data).toEqual([expect.objectContaining({ eventId: mine, state: 'waiting' })]);
    const tooMany = await call(ctx, token, evidenceRequestApi.batchVideos, {
      eventId: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(tooMany).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
  });
});
