import type { Page } from '@playwright/test';
import { bindWhenListed, companyWithVehicle, READY_PASSWORD, row, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 1000 } });

/** A snapshot of the video element's picture as a data URL (drawn on a canvas, as a person would see it). */
const snapshot = (page: Page, channel: number) =>
  page.getByTestId(`live-video-${channel}`).evaluate((video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    canvas.getContext('2d')?.drawImage(video, 0, 0, 160, 120);
    return canvas.toDataURL();
  });
const currentTime = (page: Page, channel: number) =>
  page.getByTestId(`live-video-${channel}`).evaluate((video: HTMLVideoElement) => video.currentTime);

test('the operator watches a simulated vehicle’s cameras live, switches channel and stops', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const { api, admin, key, plate, vehicle, uuid } = await companyWithVehicle(portal, 'LIVE');
  const device = simulatedDevice(uuid, key);
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);

    await page.goto(`/vehicle/list/${encodeURIComponent(plate)}`);
    await logIn(page, admin.username, READY_PASSWORD);
    await row(page, plate).getByRole('button', { name: 'Live video' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Live video · ${plate}`);

    // Channel 1 plays at once: decoded frames, time advancing and the picture changing.
    const first = page.getByTestId('live-player-1');
    await expect(first).toHaveAttribute('data-state', 'readyToPlay', { timeout: 30_000 });
    await expect(first).toContainText('Ready to play');
    await expect.poll(() => currentTime(page, 1), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const before = await snapshot(page, 1);
    const t0 = await currentTime(page, 1);
    await expect.poll(() => currentTime(page, 1), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);
    expect(await snapshot(page, 1)).not.toBe(before);
    await expect(first).toHaveAttribute('data-first-frame-ms', /^\d+$/);
    await expect(first).toHaveAttribute('data-delay-ms', /^\d+(\.\d+)?$/, { timeout: 15_000 });
    expect(device.live.active).toHaveLength(1);
    await page.screenshot({ path: 'e2e/artifacts/live.png', animations: 'disabled' });

    // Switch to channel 2: channel 1's stream stops on the device, channel 2 plays.
    const channels = page.getByTestId('live-channels');
    await channels.getByLabel('Camera 2').check();
    await channels.getByLabel('Camera 1').uncheck();
    const second = page.getByTestId('live-player-2');
    await expect(second).toHaveAttribute('data-state', 'readyToPlay', { timeout: 30_000 });
    await expect(page.getByTestId('live-player-1')).toHaveCount(0);
    const t2 = await currentTime(page, 2);
    await expect.poll(() => currentTime(page, 2), { timeout: 10_000 }).toBeGreaterThan(t2 + 1);
    await expect.poll(() => device.live.active.length, { timeout: 10_000 }).toBe(1);

    // Stop: the device stops streaming and the player says so.
    await second.getByRole('button', { name: 'Stop' }).click();
    await expect(second).toHaveAttribute('data-state', 'publishDone');
    await expect(second).toContainText('Publish done');
    await expect.poll(() => device.live.active.length, { timeout: 10_000 }).toBe(0);
  } finally {
    await device.stop();
  }
});
