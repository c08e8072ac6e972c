import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dvrApi, evidenceRequestApi, liveApi, UPLOAD_RECEIVED } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, evidenceTask, incident, incidentResource } from '../src/db/schema.js';
import { call } from './api-client.js';
import { uploadsWhenAsked } from './evidence-fixtures.js';
import { waitFor } from './gateway-fixtures.js';
import { signedIn } from './identity-fixtures.js';
import { readFlv, seedCameraVehicle } from './media-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';
import { skipWithout } from './services.js';

const noFfmpeg = skipWithout(existsSync('/usr/bin/ffmpeg'), "Debian's ffmpeg at /usr/bin/ffmpeg");

let ctx: Portal;
let superToken: string;

beforeAll(async () => {
  ctx = await portalWithGateway({
    config: { media: { rtmpPort: 0, host: '127.0.0.1', rtmpUrl: undefined, externalUrl: undefined, idleMs: 5_000 } },
    commandTimeoutMs: 5_000,
  });
  superToken = (await signedIn(ctx, `super.dvr.${randomBytes(3).toString('hex')}`, 'SUPER_ADMIN')).token;
}, 60_000);
afterAll(() => ctx?.close(), 60_000);

const db = () => ctx.database.db;
const today = () => new Date().toISOString().slice(0, 10);

const setup = (label: string) => seedCameraVehicle(ctx, 'DVR', label);

async function startSim(uuid: string, secret: string) {
  const sim = await ctx.startSimulator(uuid, secret, { channels: 2, ...uploadsWhenAsked });
  await waitFor(async () => (await db().select({ online: device.online }).from(device).where(eq(device.deviceUuid, uuid)))[0]?.online);
  return sim;
}

describe('DVR recordings', () => {
  it('answers the recording index of a simulated device’s channel for a day', async () => {
    const a = await setup('A');
    await startSim(a.uuid, a.secret);
    const res = await call(ctx, superToken, dvrApi.index, { licensePlate: a.plate, channel: 2, day: today() });
    expect(res.codeKey).toBe('REQUEST_SUCCESS');
    expect(res.data).toMatchObject({ licensePlate: a.plate, deviceId: a.deviceId, channel: 2, channels: 2, day: today() });
    expect(res.data.segments.length).toBeGreaterThan(0);
    for (const s of res.data.segments) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(new Date(s.start).toISOString().slice(0, 10)).toBe(today());
      expect(s.end).toBeLessThanOrEqual(Date.now());
    }
    // A channel the device does not have, a bad day.
    expect((await call(ctx, superToken, dvrApi.index, { licensePlate: a.plate, channel: 3, day: today() })).codeKey).toBe(
      'PARAM_CHECK_FAIL',
    );
    expect((await call(ctx, superToken, dvrApi.index, { licensePlate: a.plate, channel: 1, day: 'yesterday' })).codeKey).toBe(
      'PARAM_CHECK_FAIL',
    );
  }, 60_000);

  it('is for Super Admins only, and answers the device codes for an offline device and unknown plates', async () => {
    const b = await setup('B');
    const own = await call(ctx, b.token, dvrApi.index, { licensePlate: b.plate, channel: 1, day: today() });
    expect(own.codeKey).toBe('PERMISSION_CHECK_FAIL');
    const span = { licensePlate: b.plate, channel: 1, start: Date.now() - 120_000, end: Date.now() - 60_000 };
    expect((await call(ctx, b.token, dvrApi.play, span)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, b.token, dvrApi.upload, span)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    // No simulator runs for B's device.
    const offline = await call(ctx, superToken, dvrApi.index, { licensePlate: b.plate, channel: 1, day: today() });
    expect(offline.codeKey).toBe('DEVICE_LIVE_STATE_FAIL');
    expect((await call(ctx, superToken, dvrApi.play, span)).codeKey).toBe('DEVICE_LIVE_STATE_FAIL');
    expect((await call(ctx, superToken, dvrApi.index, { licensePlate: `NOPE-${b.uuid}`, channel: 1, day: today() })).codeKey).toBe(
      'VEHICLE_NOT_EXIST',
    );
    // Over 5 minutes, or backwards.
    expect((await call(ctx, superToken, dvrApi.upload, { ...span, start: span.end - 6 * 60_000 })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(ctx, superToken, dvrApi.upload, { ...span, start: span.end })).codeKey).toBe('PARAM_CHECK_FAIL');
  });

  it.skipIf(noFfmpeg)(
    'plays a recorded span back as an FLV stream',
    async () => {
      const c = await setup('C');
      const sim = await startSim(c.uuid, c.secret);
      const end = Date.now() - 60_000;
      const res = await call(ctx, superToken, dvrApi.play, { licensePlate: c.plate, channel: 1, start: end - 30_000, end });
      expect(res.codeKey).toBe('REQUEST_SUCCESS');
      expect(res.data).toMatchObject({ vehicleId: c.vehicleId, channel: 1 });
      expect(sim.live.active).toEqual([res.data.sessionId]);
      const { status, head } = await readFlv(`${ctx.baseUrl}${res.data.playUrl}`, 20_000);
      expect(status).toBe(200);
      expect(head.subarray(0, 3).toString('latin1')).toBe('FLV');
      expect(head.includes(Buffer.from([0x17, 0x00]))).toBe(true);
      // A live start of the same channel is a separate session.
      const live = await call(ctx, superToken, liveApi.start, { vehicleId: c.vehicleId, channel: 1 });
      expect(live.data.sessionId).not.toBe(res.data.sessionId);
      await call(ctx, superToken, liveApi.stop, { sessionId: live.data.sessionId });
      await call(ctx, superToken, liveApi.stop, { sessionId: res.data.sessionId });
    },
    60_000,
  );

  it('uploads a span as evidence under a new dvrClip incident, and the file reaches the portal', async () => {
    const d = await setup('D');
    await startSim(d.uuid, d.secret);
    const end = Date.now() - 60_000;
    const res = await call(ctx, superToken, dvrApi.upload, { licensePlate: d.plate, channel: 2, start: end - 20_000, end });
    expect(res.codeKey).toBe('REQUEST_SUCCESS');
    expect(res.data.created).toBe(true);
    const [row] = await db().select().from(incident).where(eq(incident.id, res.data.eventId));
    expect(row).toMatchObject({ type: 'dvrClip', vehicleId: d.vehicleId, licensePlate: d.plate, channel: 2, deviceUuid: d.uuid });
    const [resource] = await db().select().from(incidentResource).where(eq(incidentResource.incidentId, res.data.eventId));
    const taskId = res.data.task.taskId ?? 0;
    expect(resource).toMatchObject({ kind: 'video', channel: 2, deviceResourceId: `clip-${taskId}-ch2` });
    const resourceId = resource?.id ?? 0;
    await waitFor(
      async () =>
        ((await db().select({ state: incidentResource.state }).from(incidentResource).where(eq(incidentResource.id, resourceId)))[0]
          ?.state ?? 0) >= UPLOAD_RECEIVED,
      20_000,
    );
    await waitFor(async () => (await db().select().from(evidenceTask).where(eq(evidenceTask.id, taskId)))[0]?.state === 'done', 10_000);
    // The incident is the vehicle's: its company sees the task.
    const tasks = await call(ctx, superToken, evidenceRequestApi.list, { eventId: res.data.eventId });
    expect(tasks.data[0]).toMatchObject({ taskId: res.data.task.taskId, kind: 'clip', state: 'done' });
    // A second span around the same moment is filed under that incident.
    const again = await call(ctx, superToken, dvrApi.upload, {
      licensePlate: d.plate,
      channel: 1,
      start: end - 40_000,
      end: end - 10_000,
    });
    expect(again.data).toMatchObject({ eventId: res.data.eventId, created: false });
  }, 60_000);
});
