import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DVR_UPLOAD_MAX_MS } from '@safety-shield/contract';
import { bindWhenListed, companyWithVehicle, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 1000 } });

/**
 * A vehicle whose simulated device (2 cameras) is bound and online, its DVR page open as the Super Admin with the
 * day's segments shown; the device stops once `run` is done.
 */
async function onDvrPage(page: Page, portal: string, label: string, run: (plate: string) => Promise<void>) {
  const { api, key, plate, vehicle, uuid } = await companyWithVehicle(portal, label);
  const device = simulatedDevice(uuid, key);
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);
    await page.goto(`/dvr/${encodeURIComponent(plate)}`);
    await logIn(page);
    await expect(page.getByText(`DVR recordings · ${plate}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dvr-segment').first()).toBeVisible({ timeout: 30_000 });
    await run(plate);
  } finally {
    await device.stop();
  }
}

/**
 * Drags on today's timeline from `fromMinutesAgo` to `toMinutesAgo` (now lies at the right of today's recorded part)
 * and answers the length of the picked span in seconds, as the page shows it.
 */
async function dragSpan(page: Page, fromMinutesAgo: number, toMinutesAgo: number): Promise<number> {
  const box = await page.getByTestId('dvr-timeline').boundingBox();
  if (!box) throw new Error('no timeline');
  const now = new Date();
  const dayMs = 24 * 3_600_000;
  const sinceMidnight = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const x = (minutesAgo: number) => box.x + (Math.max(0, sinceMidnight - minutesAgo * 60_000) / dayMs) * box.width;
  await page.mouse.move(x(fromMinutesAgo), box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x(toMinutesAgo), box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const span = page.getByTestId('dvr-span');
  await expect(span).toContainText('UTC');
  return Number(/\((\d+) s\)/.exec(await span.innerText())?.[1] ?? Number.NaN);
}

test('the Super Admin opens a vehicle’s DVR recordings, sees the day’s segments and plays a span back', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await onDvrPage(page, baseURL ?? '', 'DVR', async () => {
    await dragSpan(page, 30, 25);
    await page.getByTestId('dvr-play').click();
    const player = page.getByTestId('live-player-1');
    await expect(player).toHaveAttribute('data-state', 'readyToPlay', { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('live-video-1').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: '/tmp/dvr-page.png' });
  });
});

test('the Super Admin uploads a recorded span as evidence and finds the clip stored and playable under a new incident', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await onDvrPage(page, baseURL ?? '', 'DVU', async () => {
    // About three minutes (a pixel of the timeline is over a minute), within what one upload may ask for.
    const seconds = await dragSpan(page, 10, 7);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds * 1000).toBeLessThanOrEqual(DVR_UPLOAD_MAX_MS);
    const upload = page.getByTestId('dvr-upload');
    await expect(upload).toBeEnabled();
    await upload.click();

    // The device holds no incident in that span: the portal files a new one, and the task's state follows the device.
    const filed = page.getByTestId('dvr-uploaded');
    await expect(filed).toContainText('Filed under a new incident:');
    // (Waiting, Sent to device, then Uploaded once the clip is stored: the page polls the task.)
    await expect(filed.locator('.ant-tag')).toHaveText('Uploaded', { timeout: 60_000 });
    await page.screenshot({ path: '/tmp/dvr-upload.png' });

    const link = filed.getByRole('link', { name: /^Incident \d+$/ });
    const eventId = Number((await link.innerText()).replace(/\D/g, ''));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`));

    // The evidence section shows the clip as stored (a player only appears for a stored file), with its size and SHA-256
    // in the folded details (issue 29).
    const evidence = page.getByTestId('evidence');
    const video = evidence.getByTestId('evidence-video');
    await expect(video).toHaveCount(1);
    await evidence
      .getByTestId('evidence-details')
      .getByRole('button', { name: /^Files: storage, SHA-256 and upload history/ })
      .click();
    await expect(evidence.getByTestId('evidence-size')).toContainText('kB');
    const shown = evidence.getByTestId('evidence-sha');
    await expect(shown).toBeVisible();
    // It plays.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    // The stored bytes are an MP4 whose SHA-256 is the one the page shows.
    const file = await page.request.get(await video.evaluate((v: HTMLVideoElement) => v.currentSrc));
    expect(file.ok()).toBe(true);
    const bytes = await file.body();
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    await expect(shown).toContainText(createHash('sha256').update(bytes).digest('hex').slice(0, 12));
    await evidence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/dvr-upload-event.png' });
  });
});
