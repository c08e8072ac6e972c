import { memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { bindWhenListed, brokerUrl, companyWithVehicle } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 1000 } });

test('the Super Admin opens a vehicle’s DVR recordings, sees the day’s segments and plays a span back', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const { api, key, plate, vehicle, uuid } = await companyWithVehicle(portal, 'DVR');
  const device = new SimDevice({
    uuid,
    brokerUrl: brokerUrl(),
    provisioningKey: key,
    credentials: memoryCredentialStore(),
    gpsIntervalMs: 60_000,
    channels: 2,
  });
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);

    await page.goto(`/dvr/${encodeURIComponent(plate)}`);
    await logIn(page);
    await expect(page.getByText(`DVR recordings · ${plate}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dvr-segment').first()).toBeVisible({ timeout: 30_000 });

    // Drag on the timeline from a few minutes ago (now lies at the right of today's recorded part).
    const bar = page.getByTestId('dvr-timeline');
    const box = await bar.boundingBox();
    if (!box) throw new Error('no timeline');
    const now = new Date();
    const dayMs = 24 * 3_600_000;
    const sinceMidnight = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const x = (ms: number) => box.x + (Math.max(0, ms) / dayMs) * box.width;
    await page.mouse.move(x(sinceMidnight - 30 * 60_000), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x(sinceMidnight - 25 * 60_000), box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('dvr-span')).toContainText('UTC');
    await page.getByTestId('dvr-play').click();
    const player = page.getByTestId('live-player-1');
    await expect(player).toHaveAttribute('data-state', 'readyToPlay', { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('live-video-1').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: '/tmp/dvr-page.png' });
  } finally {
    await device.stop();
  }
});
