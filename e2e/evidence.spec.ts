import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { zipEntries } from '../packages/server/test/zip-entries.js';
import { READY_PASSWORD, row } from './console.js';
import { collisionWithEvidence } from './evidence-fixture.js';
import { expect, logIn, test } from './fixtures.js';

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
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(2);
    await expect(evidence.getByTestId('evidence-size').first()).toContainText('kB');

    // The channel's tile: labelled, its video with the picture as poster, enlarged on demand and back by Escape.
    const tile = evidence.getByTestId('evidence-channel');
    await expect(tile).toHaveCount(1);
    await expect(tile).toHaveAttribute('aria-label', 'Channel 1');
    const video = evidence.getByTestId('evidence-video');
    await expect(video).toHaveAttribute('poster', /\/objects\//);
    await expect(video).toHaveAttribute('src', /#t=0\.1$/);
    const enlarge = tile.getByRole('button', { name: 'Enlarge channel 1' });
    const narrow = (await tile.boundingBox())?.width ?? 0;
    await enlarge.focus();
    await page.keyboard.press('Enter');
    await expect(tile).toHaveAttribute('data-enlarged', 'true');
    expect((await tile.boundingBox())?.width ?? 0).toBeGreaterThan(narrow * 1.5);
    await page.keyboard.press('Escape');
    await expect(tile).not.toHaveAttribute('data-enlarged');
    await enlarge.click();
    await expect(tile.getByRole('button', { name: 'Make channel 1 small again' })).toHaveAttribute('aria-pressed', 'true');
    await tile.getByRole('button', { name: 'Make channel 1 small again' }).click();
    await expect(tile).not.toHaveAttribute('data-enlarged');

    // The history: one readable entry per file, its technical steps folded away.
    const uploads = page.getByTestId('history').getByTestId('history-upload');
    await expect(uploads).toHaveCount(2);
    await expect(uploads.first()).toContainText('Picture, channel 1: Safe on the portal; the device freed its space');
    await expect(uploads.nth(1)).toContainText('Video, channel 1: Safe on the portal; the device freed its space');
    await expect(uploads.first().getByTestId('history-upload-steps')).toBeHidden();
    await uploads.first().getByRole('button', { name: 'Technical steps (6)' }).click();
    await expect(uploads.first().getByTestId('history-upload-steps').locator('li')).toHaveCount(6);

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

test('an eight-channel incident’s evidence sits in a grid about one screen tall', async ({ page, baseURL }) => {
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
    await page.goto(`/event/${detail.eventId}`);
    await logIn(page, admin.username, READY_PASSWORD);
    const evidence = page.getByTestId('evidence');
    await expect(evidence.getByTestId('evidence-channel')).toHaveCount(8);
    await expect(evidence.getByTestId('evidence-video')).toHaveCount(8);
    // Three tiles a row in the evidence column at 1400 px: the section stays about one screen tall.
    const tops = await evidence
      .getByTestId('evidence-channel')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().top));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    // Measured 1,109 px for three rows of tiles (was about 5,900 for eight stacked channels).
    expect((await evidence.boundingBox())?.height ?? 0).toBeLessThan(1150);
    await evidence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/evidence-8ch-1440.png', fullPage: true, animations: 'disabled' });
    await evidence.getByRole('button', { name: 'Enlarge channel 3' }).click();
    // The enlarged tile spans the grid at its top (CSS order: the focus stays on its button).
    const enlarged = evidence.locator('[data-testid="evidence-channel"][data-enlarged]');
    await expect(enlarged).toHaveAttribute('aria-label', 'Channel 3');
    const gridBox = await evidence.getByTestId('evidence-grid').boundingBox();
    const enlargedBox = await enlarged.boundingBox();
    expect(Math.abs((enlargedBox?.y ?? 0) - (gridBox?.y ?? -100))).toBeLessThanOrEqual(1);
    expect(enlargedBox?.width ?? 0).toBeGreaterThan((gridBox?.width ?? 0) - 2);
    await evidence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/evidence-8ch-1440-enlarged.png', animations: 'disabled' });
    await page.keyboard.press('Escape');

    // One column at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        evidence
          .getByTestId('evidence-channel')
          .evaluateAll((tiles) => new Set(tiles.map((tile) => tile.getBoundingClientRect().left)).size),
      )
      .toBe(1);
    await page.screenshot({ path: 'e2e/artifacts/evidence-8ch-390.png', fullPage: true, animations: 'disabled' });
  } finally {
    await device.stop();
  }
});
