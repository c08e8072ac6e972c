import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { zipEntries } from '../packages/server/test/zip-entries.js';
import { seriousAxeFindings } from './axe.js';
import { READY_PASSWORD, row } from './console.js';
import { collisionWithEvidence } from './evidence-fixture.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 } });

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Clicks what starts a download and answers the saved file's bytes. */
async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

test('an incident’s picture shows, its video plays and seeks, its evidence zips and the list exports', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const { admin, plate, device, detail } = await collisionWithEvidence(portal, 'EVI', (found) => {
    expect(found.resources.map((resource) => resource.kind).sort()).toEqual(['picture', 'video']);
    expect(found.resources.every((resource) => resource.state >= 4)).toBe(true);
  });
  try {
    const eventId = detail.eventId;

    // The store answers the player's range requests with 206.
    const partial: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/objects/') && response.status() === 206) partial.push(response.request().headers().range ?? '');
    });
    await page.goto(`/event/${eventId}`);
    await logIn(page, admin.username, READY_PASSWORD);
    const evidence = page.getByTestId('evidence');
    const picture = evidence.getByTestId('evidence-picture').locator('img');
    await expect(picture).toBeVisible();
    // Real-size evidence (issue 16): the simulator's ffmpeg made a 640×360 picture.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThanOrEqual(640);
    // One channel: its player, the video with the picture as poster, no switcher (nothing to switch to).
    const player = evidence.getByTestId('evidence-player');
    await expect(player).toHaveAttribute('aria-label', 'Channel 1');
    const video = player.getByTestId('evidence-video');
    await expect(video).toHaveAttribute('poster', /\/objects\//);
    await expect(video).toHaveAttribute('src', /#t=0\.1$/);
    await expect(evidence.getByTestId('evidence-channels')).toHaveCount(0);

    // The files' sums, sizes and upload history are folded into the details (issue 29), opened by keyboard.
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(0);
    const details = evidence.getByTestId('evidence-details');
    await details.getByRole('button', { name: 'Files: storage, SHA-256 and upload history (2)' }).press('Enter');
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(2);
    await expect(evidence.getByTestId('evidence-size').first()).toContainText('kB');

    // Each file's upload: one readable line, its technical steps folded away.
    const uploads = details.getByTestId('history-upload');
    await expect(uploads).toHaveCount(2);
    await expect(details.getByTestId('evidence-item').first()).toContainText('Picture, channel 1');
    await expect(uploads.first()).toContainText('Upload: Safe on the portal; the device freed its space');
    await expect(details.getByTestId('evidence-item').nth(1)).toContainText('Video, channel 1');
    await expect(uploads.first().getByTestId('history-upload-steps')).toBeHidden();
    await uploads.first().getByRole('button', { name: 'Technical steps (6)' }).click();
    await expect(uploads.first().getByTestId('history-upload-steps').locator('li')).toHaveCount(6);
    // The incident's history tells what people did; the uploads are the evidence's.
    await expect(page.getByTestId('history')).toContainText('Incident arrived');
    await expect(page.getByTestId('history').getByTestId('history-upload')).toHaveCount(0);

    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const metadata = await video.evaluate((v: HTMLVideoElement) => ({
      duration: v.duration,
      width: v.videoWidth,
      seekable: v.seekable.length ? v.seekable.end(0) : 0,
    }));
    expect(metadata.duration).toBeGreaterThan(6);
    expect(metadata.width).toBeGreaterThanOrEqual(640);
    expect(metadata.seekable).toBeGreaterThan(0);
    const seekedTo = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 5;
        }),
    );
    expect(seekedTo).toBeCloseTo(5, 0);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    expect(partial.length).toBeGreaterThan(0);
    await evidence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/evidence-detail.png', fullPage: true, animations: 'disabled' });

    // The zip of the detail page: both files under the incident's folder, with their sums.
    const zip = await downloaded(page, () => evidence.getByTestId('evidence-zip').click());
    expect(zip.name).toBe('incidents-evidence.zip');
    const entries = await zipEntries(zip.bytes);
    const folder = `${eventId}_${plate.replace(' ', '_')}_collision/`;
    const names = [...entries.keys()].sort();
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(new RegExp(`^${folder}1_picture_\\d+\\.jpg$`));
    expect(names[1]).toMatch(new RegExp(`^${folder}1_video_\\d+\\.mp4$`));
    expect(names[2]).toBe('SHA256SUMS');
    const sums = (entries.get('SHA256SUMS')?.toString() ?? '').trim().split('\n').sort();
    expect(sums).toEqual(
      names
        .slice(0, 2)
        .map((name) => `${sha(entries.get(name) ?? Buffer.alloc(0))}  ${name}`)
        .sort(),
    );
    await expect(page.locator('.ant-message')).toContainText('The evidence zip has been saved');

    // The list: the chosen row's evidence, and the list as .xlsx.
    await page.goto('/event/list');
    await row(page, plate).getByRole('checkbox').check();
    await expect(page.getByTestId('evidence-zip')).toHaveText(/Download evidence \(1\)/);
    const sheet = await downloaded(page, () => page.getByRole('button', { name: 'Export' }).click());
    expect(sheet.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((line) => rows.push((line.values as unknown[]).slice(1)));
    const header = rows[0] ?? [];
    // Issue 29: the console's spelling, and the type's name rather than its key.
    const found = rows.find((line) => line[header.indexOf('Licence plate')] === plate);
    expect(found?.[header.indexOf('Type')]).toBe('Collision');
    expect(found?.[header.indexOf('Incident')]).toBe(eventId);
  } finally {
    await device.stop();
  }
});

/** The element's box lies within the window: seen without scrolling. */
const aboveTheFold = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 100;
  });

test('an eight-channel incident opens on one large player above the fold; the thumbnails switch it; the hashes wait in the details', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { admin, device, detail } = await collisionWithEvidence(
    baseURL ?? '',
    'EV8',
    (found) => {
      expect(found.resources).toHaveLength(16);
      expect(found.resources.every((resource) => resource.state >= 4)).toBe(true);
    },
    8,
  );
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/event/${detail.eventId}`);
    await logIn(page, admin.username, READY_PASSWORD);
    const evidence = page.getByTestId('evidence');
    // Issue 29: one player, not eight small ones; it opens on the camera that reported the incident.
    const opening = `Channel ${detail.channel ?? 1}`;
    const player = evidence.getByTestId('evidence-player');
    const video = player.getByTestId('evidence-video');
    await expect(evidence.getByTestId('evidence-video')).toHaveCount(1);
    await expect(player).toHaveAttribute('aria-label', opening);
    await expect(video).toHaveAttribute('poster', /\/objects\//);
    // Seen without scrolling at 1440×900, and wider than half the content (it was 196 px).
    await expect.poll(() => aboveTheFold(video)).toBe(true);
    expect((await video.boundingBox())?.width ?? 0).toBeGreaterThan(600);
    // Before the map and the device's facts.
    const videoBox = await video.boundingBox();
    const mapBox = await page.getByTestId('event-map').boundingBox();
    expect(mapBox?.y ?? 0).toBeGreaterThan((videoBox?.y ?? 0) + (videoBox?.height ?? 0));

    // The switcher: a thumbnail per channel, the playing one pressed.
    const channels = evidence.getByTestId('evidence-channels');
    await expect(channels).toHaveAccessibleName('Camera channels');
    const thumbs = channels.getByTestId('evidence-channel');
    await expect(thumbs).toHaveCount(8);
    await expect(channels.getByRole('button', { pressed: true })).toHaveText(opening);
    await expect(thumbs.first().locator('img')).toBeVisible();
    const first = await video.getAttribute('src');

    // A click plays another channel: another file in the player, its thumbnail marked, the first one not.
    const [target, next] = detail.channel === 3 ? [5, 6] : [3, 4];
    await channels.getByRole('button', { name: `Channel ${target}` }).click();
    await expect(player).toHaveAttribute('aria-label', `Channel ${target}`);
    await expect(channels.getByRole('button', { name: `Channel ${target}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(channels.getByRole('button', { name: opening })).toHaveAttribute('aria-pressed', 'false');
    await expect(video).toHaveAttribute('src', /\/objects\//);
    const second = await video.getAttribute('src');
    expect(second).not.toBe(first);
    // The keyboard does the same: Tab to the next channel, Space.
    await channels.getByRole('button', { name: `Channel ${target}` }).focus();
    await page.keyboard.press('Tab');
    await expect(channels.getByRole('button', { name: `Channel ${next}` })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(player).toHaveAttribute('aria-label', `Channel ${next}`);
    await expect(video).not.toHaveAttribute('src', second ?? '');
    await page.screenshot({ path: 'e2e/artifacts/evidence-8ch-1440.png', animations: 'disabled' });

    // The hashes and storage states stay folded until the details are opened.
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(0);
    await expect(evidence.getByTestId('upload-state')).toHaveCount(0);
    await evidence
      .getByTestId('evidence-details')
      .getByRole('button', { name: /^Files: storage, SHA-256 and upload history \(16\)/ })
      .click();
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(16);
    await expect(evidence.getByTestId('evidence-sha').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The switcher, the player and the opened details pass axe (the shell has its own walk).
    expect(await seriousAxeFindings(page, ['.shell-sider', '.shell-top'])).toEqual([]);

    // A phone: the player still above the fold, the thumbnails four to a row, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(player).toBeVisible();
    await expect.poll(() => aboveTheFold(player.getByTestId('evidence-video'))).toBe(true);
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(0);
    const tops = await thumbs.evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/evidence-8ch-390.png', fullPage: true, animations: 'disabled' });
  } finally {
    await device.stop();
  }
});
