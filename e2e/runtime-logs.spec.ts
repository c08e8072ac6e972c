import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { companyWithVehicle, pickSearched, row, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('an operator collects a device’s runtime log from the console and downloads it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { api, uuid, key } = await companyWithVehicle(baseURL ?? '', 'Logs');
  const device = simulatedDevice(uuid, key);
  try {
    expect(await device.start()).toBe(true);
    await expect(async () => {
      const { total } = await api<{ total: number }>('GET', `/v1/device/list?keyword=${uuid}&online=true`);
      expect(total).toBe(1);
    }).toPass({ timeout: 30_000 });

    await page.goto('/collection/index');
    await logIn(page);
    const picker = page.getByTestId('logs-devices');
    await pickSearched(page, picker.locator('input'), uuid, picker);
    await page.keyboard.press('Escape');
    await page.getByTestId('logs-order').click();
    await expect(page.getByText(/1 device asked for its log/)).toBeVisible();
    // The device uploads at once; the list hears of it through the task's progress.
    const uploaded = row(page, uuid);
    await expect(uploaded).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'e2e/artifacts/runtime-logs.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    const download = page.waitForEvent('download');
    await uploaded.getByTestId('log-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^runtime-log-${uuid}-.*\\.log\\.gz$`));
    const text = gunzipSync(await readFile((await file.path()) ?? '')).toString('utf8');
    expect(text).toContain(`# runtime log of ${uuid}`);
    expect(text).toContain('received logUpload');
  } finally {
    await device.stop();
  }
});
