import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { chooseOption, companyWithVehicle, listedDeviceId, row, simulatedDevice, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('the Super Admin keeps a threshold class, and a device configured with it runs its limits', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { api, uuid, key } = await companyWithVehicle(baseURL ?? '', 'Limits');
  const device = simulatedDevice(uuid, key);
  const name = unique('Buses');
  try {
    expect(await device.start()).toBe(true);
    await page.goto('/devicepage/thresholds');
    await logIn(page);
    await page.getByTestId('threshold-add').click();
    const dialog = page.getByTestId('threshold-dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Harsh braking').fill('0.35');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(row(page, name)).toContainText('0.35 g');
    await page.screenshot({ path: 'e2e/artifacts/thresholds.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    const deviceId = await listedDeviceId(api, uuid);
    await page.goto(`/device/configSetting?deviceId=${deviceId}`);
    await chooseOption(page, page.getByTestId('config-form'), 'Threshold class', name);
    await expect(page.getByTestId('config-diff').locator('[data-prop="thresholds"]')).toHaveAttribute('data-differs', 'true');
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 1')).toBeVisible();
    const reported = await api<{ reported: { settings: { thresholds?: { name: string; values: { harshBrakingG: number } } } } }>(
      'GET',
      `/v1/device/receiveDeviceConfig?deviceId=${deviceId}`,
    );
    expect(reported.reported.settings.thresholds).toMatchObject({ name, values: { harshBrakingG: 0.35 } });
  } finally {
    await device.stop();
  }
});
