import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { BENCH_ADMIN_PASSWORD, benchCompany, median, printTable, saveResult, startBenchPortal } from './lib.js';

const STARTS = 20;
/** How long each start is watched for glass-to-glass samples. */
const WATCH_MS = 3_000;

/** Reads one run in the browser: start → play with mpegts.js → first presented frame → burned-in clock samples → stop. */
interface Run {
  firstFrameMs: number;
  delays: number[];
}

/**
 * Live video as a viewer gets it, measured in Debian's Chromium (the only honest place: decoding and presenting are the
 * browser's): Play (the start call) to the first presented frame, median over 20 starts (target ≤ 2 s), and the
 * glass-to-glass delay, the device clock burned into each frame against the browser's presentation time (target
 * ≤ 1.5 s). Each start spawns a fresh ffmpeg on the simulated device, as a real device would start its encoder.
 */
export async function benchLive() {
  const portal = await startBenchPortal();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--autoplay-policy=no-user-gesture-required'] });
  let device: SimDevice | undefined;
  try {
    const { token, api, fleet, key } = await benchCompany(portal, BENCH_ADMIN_PASSWORD);
    device = new SimDevice({
      uuid: 'LIVE-BENCH-1',
      brokerUrl: portal.mqttUrl,
      provisioningKey: key,
      credentials: memoryCredentialStore(),
      gpsIntervalMs: 60_000,
      channels: 1,
    });
    if (!(await device.start())) throw new Error('the simulated device could not connect');
    let deviceId = 0;
    for (let i = 0; i < 50 && !deviceId; i++) {
      deviceId = (await api('GET', '/v1/device/list?keyword=LIVE-BENCH-1')).records[0]?.deviceId ?? 0;
      if (!deviceId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const vehicleId = (await api('POST', '/v1/vehicle', { licensePlate: 'LIVE BENCH', fleetId: fleet })).id;
    await api('PUT', '/v1/vehicle/bind', { vehicleId, deviceId });

    const page = await browser.newPage();
    await page.goto(`${portal.url}/health/getReleaseVersionTime`);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('mpegts.js/dist/mpegts.js') });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.evaluate('window.__name = (f) => f');
    const runs: Run[] = [];
    for (let i = 0; i < STARTS; i++) {
      runs.push(
        await page.evaluate(
          async ({ token, vehicleId, watchMs }) => {
            // The same reading as the console's features/live/clock.ts.
            const C = { width: 320, height: 240, x: 4, y: 226, step: 13, size: 11, bits: 24 };
            const headers = { 'x-token': token, 'content-type': 'application/json' };
            const video = document.createElement('video');
            video.muted = true;
            document.body.append(video);
            const canvas = document.createElement('canvas');
            canvas.width = C.width;
            canvas.height = C.height;
            const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
            const pressed = performance.now();
            const started = await (
              await fetch('/v1/live/start', { method: 'POST', headers, body: JSON.stringify({ vehicleId, channel: 1 }) })
            ).json();
            const mpegts = (window as unknown as { mpegts: typeof import('mpegts.js').default }).mpegts;
            const player = mpegts.createPlayer(
              { type: 'flv', isLive: true, hasAudio: false, url: new URL(started.data.playUrl, location.href).href },
              {
                enableStashBuffer: false,
                lazyLoad: false,
                liveBufferLatencyChasing: true,
                liveBufferLatencyMaxLatency: 0.8,
                liveBufferLatencyMinRemain: 0.1,
              },
            );
            player.attachMediaElement(video);
            player.load();
            void video.play();
            const delays: number[] = [];
            let firstFrameMs = -1;
            await new Promise<void>((resolve) => {
              let until = 0;
              const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
                if (firstFrameMs < 0) {
                  firstFrameMs = performance.now() - pressed;
                  until = performance.now() + watchMs;
                }
                context.drawImage(video, 0, 0, C.width, C.height);
                const strip = context.getImageData(0, C.y, C.width, C.size).data;
                let clock = 0;
                for (let bit = 0; bit < C.bits; bit++) {
                  const at = (Math.floor(C.size / 2) * C.width + C.x + C.step * bit + Math.floor(C.size / 2)) * 4;
                  if (0.299 * (strip[at] ?? 0) + 0.587 * (strip[at + 1] ?? 0) + 0.114 * (strip[at + 2] ?? 0) > 128) clock += 2 ** bit;
                }
                const shown = Math.round(performance.timeOrigin + meta.expectedDisplayTime) % 2 ** C.bits;
                const delay = (((shown - clock) % 2 ** C.bits) + 2 ** C.bits) % 2 ** C.bits;
                if (delay < 60_000) delays.push(delay);
                if (performance.now() > until) resolve();
                else video.requestVideoFrameCallback(onFrame);
              };
              video.requestVideoFrameCallback(onFrame);
              setTimeout(resolve, 20_000);
            });
            player.destroy();
            video.remove();
            await fetch('/v1/live/stop', { method: 'POST', headers, body: JSON.stringify({ sessionId: started.data.sessionId }) });
            return { firstFrameMs, delays };
          },
          { token, vehicleId, watchMs: WATCH_MS },
        ),
      );
      // The device's encoder has stopped before the next start.
      for (let wait = 0; wait < 50 && device.live.active.length > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const firstFrames = runs.map((run) => run.firstFrameMs).filter((ms) => ms >= 0);
    const delays = runs.flatMap((run) => run.delays);
    const result = {
      starts: STARTS,
      framesSeen: firstFrames.length,
      firstFrameMedianMs: Math.round(median(firstFrames)),
      firstFrameMaxMs: Math.round(Math.max(...firstFrames)),
      glassToGlassMedianMs: Math.round(median(delays)),
      glassToGlassSamples: delays.length,
      targets: { firstFrameMs: 2_000, glassToGlassMs: 1_500 },
    };
    printTable('Live video in Chromium (Play → first frame over 20 starts; glass-to-glass from the burned-in clock)', [
      { measure: 'Play → first frame, median', ms: result.firstFrameMedianMs, target: '≤ 2000' },
      { measure: 'Play → first frame, max', ms: result.firstFrameMaxMs, target: '' },
      { measure: `glass-to-glass, median of ${delays.length} frames`, ms: result.glassToGlassMedianMs, target: '≤ 1500' },
    ]);
    await saveResult('live', result);
    return result;
  } finally {
    await device?.stop();
    await browser.close();
    await portal.stop();
  }
}
