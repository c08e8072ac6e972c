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
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(2);
    await expect(evidence.getByTestId('evidence-size').first()).toContainText('KB');

    const video = evidence.getByTestId('evidence-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const metadata = await video.evaluate((v: HTMLVideoElement) => ({
      duration: v.duration,
      width: v.videoWidth,
      seekable: v.seekable.length ? v.seekable.end(0) : 0,
    }));
    expect(metadata.duration).toBeGreaterThan(8);
    expect(metadata.width).toBeGreaterThan(0);
    expect(metadata.seekable).toBeGreaterThan(0);
    const seekedTo = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 7;
        }),
    );
    expect(seekedTo).toBeCloseTo(7, 0);
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
    const found = rows.find((line) => line[header.indexOf('License plate')] === plate);
    expect(found?.[header.indexOf('Type')]).toBe('collision');
    expect(found?.[header.indexOf('Incident')]).toBe(eventId);
  } finally {
    await device.stop();
  }
});
