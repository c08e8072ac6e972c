import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { bindWhenListed, companyWithVehicle, row, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

/** Gaps (ms) between the positions a device reported in the last `ms`, oldest first. */
async function recentGaps(api: Awaited<ReturnType<typeof companyWithVehicle>>['api'], deviceId: number, ms: number) {
  const now = Date.now();
  const samples = await api<{ time: number }[]>('GET', `/v1/device/dbm/listV1?deviceId=${deviceId}&startTime=${now - ms}&endTime=${now}`);
  const times = samples.map((sample) => sample.time).sort((a, b) => a - b);
  return times.slice(1).map((time, i) => time - (times[i] ?? time));
}

test('an operator changes a device’s alarm upload interval; the device applies it and reports at the new pace; history and revert', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { api, vehicle, uuid, key } = await companyWithVehicle(baseURL ?? '', 'Config');
  // A quiet device: one position a minute until the configuration says otherwise.
  const device = simulatedDevice(uuid, key, { gpsIntervalMs: 60_000, gpsBatch: 1 });
  try {
    expect(await device.start()).toBe(true);
    const deviceId = await bindWhenListed(api, uuid, vehicle.id);

    // From the device list's row action.
    await page.goto(`/devicepage/list?keyword=${uuid}`);
    await logIn(page);
    await row(page, uuid).getByTestId('device-config-action').click();
    await expect(page).toHaveURL(new RegExp(`/device/configSetting\\?deviceId=${deviceId}$`));
    const editor = page.getByTestId('config-setting');
    // The device reported its factory configuration after its hello.
    await expect(editor.getByText('The device reported version 0')).toBeVisible();
    await expect(page.getByTestId('config-current-version')).toHaveText('factory settings');

    const interval = page.getByTestId('config-interval');
    await interval.fill('2');
    const diff = page.getByTestId('config-diff');
    const intervalRow = diff.locator('[data-prop="uploadIntervalSeconds"]');
    await expect(intervalRow).toHaveAttribute('data-differs', 'true');
    await expect(intervalRow).toContainText('60 seconds');
    await expect(intervalRow).toContainText('2 seconds');
    // Only what changed is marked, whatever order the device wrote its fields in.
    await expect(diff.locator('[data-prop="video"]')).toHaveAttribute('data-differs', 'false');
    await expect(diff.locator('[data-prop="evidence"]')).toHaveAttribute('data-differs', 'false');
    await page.getByTestId('config-batch').fill('1');
    await page.screenshot({ path: 'e2e/artifacts/device-config-editor.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 1')).toBeVisible();
    await expect(page.getByTestId('config-current-version')).toHaveText('1');
    // The device reports at the new pace: positions about two seconds apart.
    await expect(async () => {
      const gaps = await recentGaps(api, deviceId, 9_000);
      expect(gaps.length).toBeGreaterThanOrEqual(2);
      for (const gap of gaps) expect(gap).toBeLessThanOrEqual(3_000);
    }).toPass({ timeout: 20_000 });
    const history = page.getByTestId('config-history');
    await expect(history.locator('[data-version="1"] [data-testid="config-status"]')).toHaveAttribute('data-status', 'applied');
    await expect(history.locator('[data-version="1"]')).toContainText('Alarm upload interval');

    // A second change, then back to version 1.
    await interval.fill('30');
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 2')).toBeVisible();
    await history.locator('[data-version="1"]').getByTestId('config-revert').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Version 1 is the new draft')).toBeVisible();
    await expect(interval).toHaveValue('2');
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 3')).toBeVisible();
    await expect(history.locator('[data-version="3"] [data-testid="config-status"]')).toHaveAttribute('data-status', 'applied');
    await expect(history.locator('[data-version="2"] [data-testid="config-status"]')).toHaveAttribute('data-status', 'applied');

    // What the device runs against what the portal holds: no difference once it is asked.
    await page.getByRole('link', { name: 'Compare with the device' }).click();
    await page.getByTestId('config-synch').click();
    await expect(page.getByText('The device runs version 3')).toBeVisible();
    const compare = page.getByTestId('config-compare');
    await expect(compare.locator('[data-prop="uploadIntervalSeconds"]')).toHaveAttribute('data-differs', 'false');
    await expect(compare.locator('[data-prop="uploadIntervalSeconds"]')).toContainText('2 seconds');
    await page.screenshot({ path: 'e2e/artifacts/device-config-info.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // The Super Admin's device operation log: who changed what on the device, before → after.
    await page.goto(`/system/deviceOperatonLog?device=${uuid}&action=device.config.dispatch`);
    const log = page.getByTestId('device-operation-log');
    await expect(log.locator('.ant-table-row')).toHaveCount(3);
    await expect(log).toContainText('Alarm upload interval: 60 → 2');
    await expect(log).toContainText('Alarm upload interval: 2 → 30');
    await page.screenshot({ path: 'e2e/artifacts/device-operation-log.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
  } finally {
    await device.stop();
  }
});

test('an operator gives a device a display picture: checked in the browser, uploaded, fetched and checked by the device', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { api, vehicle, uuid, key } = await companyWithVehicle(baseURL ?? '', 'Picture');
  const device = simulatedDevice(uuid, key);
  // A 1×1 PNG, and a GIF the console must refuse before uploading anything.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  try {
    expect(await device.start()).toBe(true);
    const deviceId = await bindWhenListed(api, uuid, vehicle.id);
    await page.goto(`/device/configSetting?deviceId=${deviceId}`);
    await logIn(page);
    const field = page.getByTestId('config-picture');
    await expect(field).toContainText('No picture');
    const file = page.getByTestId('config-picture-file');
    await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(field.getByRole('alert')).toHaveText('Only JPEG or PNG pictures can be used.');
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('config-picture-facts')).toHaveText(`PNG, ${png.length} B`);
    await expect(field.getByRole('img', { name: 'The device’s display picture' })).toBeVisible();
    await expect(page.getByTestId('config-diff').locator('[data-prop="displayPicture"]')).toHaveAttribute('data-differs', 'true');
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 1')).toBeVisible();
    expect(device.displayPicture?.size).toBe(png.length);

    // Opened again, the saved picture shows through its signed link.
    await page.reload();
    await expect(page.getByRole('img', { name: 'The device’s display picture' })).toBeVisible();
    await expect
      .poll(() => page.getByRole('img', { name: 'The device’s display picture' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
  } finally {
    await device.stop();
  }
});
