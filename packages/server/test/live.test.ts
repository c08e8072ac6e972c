import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type InputOf, liveApi, mediaApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../src/db/schema.js';
import { call } from './api-client.js';
import { waitFor } from './gateway-fixtures.js';
import { readFlv, seedCameraVehicle } from './media-fixtures.js';
import { type Portal, portalWithGateway } from './portal-fixtures.js';
import { skipWithout } from './services.js';

const IDLE_MS = 2_000;
const noFfmpeg = skipWithout(existsSync('/usr/bin/ffmpeg'), "Debian's ffmpeg at /usr/bin/ffmpeg");

let ctx: Portal;

beforeAll(async () => {
  ctx = await portalWithGateway({
    config: { media: { rtmpPort: 0, host: '127.0.0.1', rtmpUrl: undefined, externalUrl: undefined, idleMs: IDLE_MS } },
    commandTimeoutMs: 5_000,
  });
}, 60_000);
afterAll(() => ctx?.close(), 60_000);

const db = () => ctx.database.db;

const setup = (label: string) => seedCameraVehicle(ctx, 'LIVE', label);

async function startSim(uuid: string, secret: string) {
  const sim = await ctx.startSimulator(uuid, secret, { channels: 2 });
  await waitFor(async () => (await db().select({ online: device.online }).from(device).where(eq(device.deviceUuid, uuid)))[0]?.online);
  return sim;
}

/** ffmpeg publishing a test pattern to a URL; resolves with its exit code (or null if still running after waitMs). */
function publish(url: string, waitMs: number): Promise<number | null> {
  const child = spawn(
    '/usr/bin/ffmpeg',
    [
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x120:rate=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-f',
      'flv',
      url,
    ],
    {
      stdio: 'ignore',
    },
  );
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, waitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe.skipIf(noFfmpeg)('live video', () => {
  it('streams a simulated device’s channel as FLV to a signed URL, shows the states, and stops when idle', async () => {
    const a = await setup('A');
    const sim = await startSim(a.uuid, a.secret);
    const started = await call(ctx, a.token, liveApi.start, { vehicleId: a.vehicleId, channel: 1 });
    expect(started.codeKey).toBe('REQUEST_SUCCESS');
    const session = started.data;
    expect(session).toMatchObject({ deviceId: a.deviceId, vehicleId: a.vehicleId, channel: 1, channels: 2 });
    expect(['ready', 'deviceConnected', 'readyToPlay']).toContain(session.state);
    expect(session.playUrl).toMatch(/^\/media\/live\/.+\.flv\?token=/);
    expect(sim.live.active).toEqual([session.sessionId]);

    // The same channel asked again: the running session, no second stream.
    const again = await call(ctx, a.token, liveApi.start, { deviceId: a.deviceId, channel: 1 });
    expect(again.data.sessionId).toBe(session.sessionId);

    const { status, head } = await readFlv(`${ctx.baseUrl}${session.playUrl}`, 20_000);
    expect(status).toBe(200);
    expect(head.subarray(0, 3).toString('latin1')).toBe('FLV');
    // A video tag (type 9) with an AVC sequence header follows the header: real H.264 from the device's ffmpeg.
    expect(head.includes(Buffer.from([0x17, 0x00]))).toBe(true);
    const state = await waitFor(async () => {
      const res = await call(ctx, a.token, liveApi.state, { sessionId: session.sessionId });
      return res.data.state === 'readyToPlay' ? res.data : null;
    });
    expect(state.publishTime).toBeGreaterThanOrEqual(session.startTime);

    // An external media server's checks (MEDIA_URL) give the same answers as the embedded one's.
    const token = new URL(session.playUrl, ctx.baseUrl).searchParams.get('token');
    const hook = (event: InputOf<typeof liveApi.hook>['event'], param: string) =>
      call(ctx, undefined, liveApi.hook, { event, stream: session.sessionId, param });
    expect((await hook('on_play', `?token=${token}`)).status).toBe(200);
    expect((await hook('on_play', '?token=forged.token')).status).toBe(403);
    expect((await hook('on_publish', '?key=wrong')).status).toBe(403);

    // A forged or foreign token opens nothing.
    expect((await call(ctx, undefined, mediaApi.play, { file: `${session.sessionId}.flv`, token: 'forged.token' })).status).toBe(403);

    // Nobody watches: after the idle time the device is told to stop and the session shows "publish done".
    await waitFor(async () => {
      const res = await call(ctx, a.token, liveApi.state, { sessionId: session.sessionId });
      return res.data.state === 'publishDone';
    }, IDLE_MS + 10_000);
    await waitFor(() => sim.live.active.length === 0);
    expect(await ctx.app.live.known(session.sessionId)).toBe(false);
  }, 60_000);

  it('refuses a publisher without the session’s key', async () => {
    const b = await setup('B');
    await startSim(b.uuid, b.secret);
    const { data } = await call(ctx, b.token, liveApi.start, { vehicleId: b.vehicleId, channel: 2 });
    const port = ctx.app.live.rtmpPort;
    expect(await publish(`rtmp://127.0.0.1:${port}/live/${data.sessionId}?key=wrong`, 8_000)).not.toBe(null);
    expect(await publish(`rtmp://127.0.0.1:${port}/live/unknown-stream?key=${randomBytes(24).toString('base64url')}`, 8_000)).not.toBe(
      null,
    );
    expect(await ctx.app.live.authorizePublish(data.sessionId, 'wrong')).toBe(false);
    const stopped = await call(ctx, b.token, liveApi.stop, { sessionId: data.sessionId });
    expect(stopped.data.state).toBe('publishDone');
  }, 60_000);

  it('answers PERMISSION_CHECK_FAIL to another organisation and the device codes to offline or refusing devices', async () => {
    const c = await setup('C');
    const d = await setup('D');
    const foreign = await call(ctx, d.token, liveApi.start, { vehicleId: c.vehicleId, channel: 1 });
    expect(foreign.codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, d.token, liveApi.start, { deviceId: c.deviceId, channel: 1 })).codeKey).toBe('PERMISSION_CHECK_FAIL');

    // C's device is offline (no simulator runs for it).
    expect((await call(ctx, c.token, liveApi.start, { vehicleId: c.vehicleId, channel: 1 })).codeKey).toBe('DEVICE_LIVE_STATE_FAIL');
    expect((await call(ctx, c.token, liveApi.start, { vehicleId: c.vehicleId, channel: 3 })).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(ctx, c.token, liveApi.start, { channel: 1 })).codeKey).toBe('PARAM_CHECK_FAIL');

    // D's device refuses.
    const sim = await startSim(d.uuid, d.secret);
    sim.handle('live', () => ({ ok: false, error: 'camera busy' }));
    expect((await call(ctx, d.token, liveApi.start, { vehicleId: d.vehicleId, channel: 1 })).codeKey).toBe('DEVICE_LIVE_FAIL');

    // A session of D is not C's to read or stop.
    sim.handle('live', sim.live.command());
    const { data } = await call(ctx, d.token, liveApi.start, { vehicleId: d.vehicleId, channel: 1 });
    expect((await call(ctx, c.token, liveApi.state, { sessionId: data.sessionId })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, c.token, liveApi.stop, { sessionId: data.sessionId })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, d.token, liveApi.stop, { sessionId: data.sessionId })).data.state).toBe('publishDone');
  }, 60_000);
});
