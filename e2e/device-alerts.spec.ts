import { bindWhenListed, chooseOption, companyWithVehicle, expectRowShows, row, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 } });

test('a fault a device reports lights the device menu’s badge and lists on the maintenance page at once; it is handled and clears', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const portal = baseURL ?? '';
  const { api, key, plate, vehicle, uuid } = await companyWithVehicle(portal, 'Alerts');
  const device = simulatedDevice(uuid, key);
  const pending = async () => (await api<{ count: number }>('GET', '/v2/device/running/event/check')).count;
  // The badge says what the API says (other tests' devices may have alerts too).
  const badge = page.locator('.sidebar-badged').first();
  const badgeShows = async () => expect(badge).toHaveAttribute('title', `Pending device alerts: ${await pending()}`);
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);

    await page.goto(`/devicepage/maintenance?keyword=${encodeURIComponent(plate)}`);
    await logIn(page);
    const list = page.getByTestId('device-alerts');
    await expect(list.locator('.ant-empty-description')).toHaveText('No data');
    await expect(page.getByTestId('alerts-monitor-link')).toHaveAttribute('href', '/device/monitor');

    // No reload: the push brings the rows and the count.
    expect(await device.setFaults([{ code: 'cameraLost', channel: 2 }, { code: 'storageFull' }])).toBe(true);
    const camera = row(page, 'Camera signal lost · channel 2');
    const card = row(page, 'Storage card full');
    await expect(camera).toBeVisible();
    await expect(card).toBeVisible();
    await expect(camera).toContainText(plate.toUpperCase());
    await expect(camera.getByTestId('alert-state')).toHaveText('Pending');
    await expect(page.getByTestId('menu-alert-badge-/devicepage')).toBeVisible();
    await expect(async () => badgeShows()).toPass({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/artifacts/device-alerts-badge.png' });

    await camera.getByRole('checkbox').check();
    await page.getByTestId('alert-handle').click();
    const dialog = page.getByTestId('alert-handle-dialog');
    await dialog.getByTestId('alert-note').fill('Camera cable refitted');
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(page.getByText('Alerts marked as handled: 1')).toBeVisible();
    // Pending only (the page's default): the handled one leaves the list.
    await expect(camera).toBeHidden();
    await expect(async () => badgeShows()).toPass({ timeout: 10_000 });

    // The card is fine again: its alert clears by itself, pushed.
    expect(await device.setFaults([{ code: 'cameraLost', channel: 2 }])).toBe(true);
    await expect(card).toBeHidden();
    await expect(list.locator('.ant-empty-description')).toHaveText('No data');

    await chooseOption(page, page.getByTestId('filter-bar'), 'State', 'All');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(camera.getByTestId('alert-state')).toHaveText('Handled');
    await expectRowShows(page, 'Camera signal lost · channel 2', 'Camera cable refitted', 'admin');
    await expect(card.getByTestId('alert-state')).toHaveText('Cleared');
    await page.screenshot({ path: 'e2e/artifacts/device-alerts.png' });
  } finally {
    await device.stop();
  }
});
