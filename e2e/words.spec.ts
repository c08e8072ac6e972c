import { apiLogin } from './api.js';
import { companyWithVehicle, listedDeviceId, simulatedDevice } from './console.js';
import { expect, test } from './fixtures.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';

/**
 * Issue 29: in Russian, what the console shows of stored values and generated names comes from the translations, and
 * its units are Russian: a vehicle's kind and use, an installer link's changes, the greeting, the map's scale.
 */
test('in Russian a vehicle’s kind and use, an installer’s changes, the greeting and the map’s scale are Russian', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  const { api, vehicle, fleetOrg, plate, uuid, key } = await companyWithVehicle(url, 'Words');
  // Kind and use are keys; the console names them.
  await api('PUT', '/v1/vehicle/info', {
    id: vehicle.id,
    licensePlate: plate,
    fleetId: fleetOrg.id,
    initialMileageKm: 1234,
    kindName: 'truck',
    useFor: 'delivery',
  });
  // An installer locks a device through a link: the lock names the link as who changed it.
  const device = simulatedDevice(uuid, key);
  const context = await browser.newContext({ baseURL: url, locale: 'ru', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  try {
    expect(await device.start()).toBe(true);
    let deviceId = 0;
    await expect(async () => {
      deviceId = await listedDeviceId(api, uuid);
      expect(deviceId).toBeTruthy();
    }).toPass({ timeout: 30_000 });
    const link = await api<{ id: number; url: string }>('POST', '/v2/device/setting/link', { deviceIds: [deviceId], hours: 1, uses: 1 });
    const token = new URL(link.url, url).searchParams.get('token');
    const locked = await fetch(`${url}/v2/device/setting/public/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, deviceId, locked: true, pin: '2468' }),
    });
    expect(((await locked.json()) as { code: number }).code).toBe(200);

    await context.addCookies([{ name: 'language', value: 'ru', url }]);
    const page = await context.newPage();
    const session = await apiLogin(url, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/404');
    await page.evaluate((value) => sessionStorage.setItem('safety-shield-token', value), session);

    // The first Super Admin is greeted by its name, not by an English role.
    await page.goto('/dashboard');
    await expect(page.locator('.dashboard-head').getByRole('heading')).toHaveText('Добро пожаловать, admin');

    // The vehicle's record: its kind and use in Russian, its mileage in Russian digits and units.
    await page.goto(`/vehicle/list?record=${vehicle.id}`);
    const info = page.getByTestId('vehicle-info');
    await expect(info).toContainText('Грузовик');
    await expect(info).toContainText('Доставка');
    await expect(info).toContainText(/1\s234\sкм/);
    await expect(info).not.toContainText(/truck|deliver/i);
    await page.screenshot({ path: 'e2e/artifacts/words-vehicle-ru.png' });
    // The form offers the kinds by their Russian names.
    await page.goto(`/vehicle/edit?id=${vehicle.id}`);
    await page.getByTestId('vehicle-kindName').click();
    await expect(page.locator('.ant-select-item-option', { hasText: 'Седельный тягач' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The lock names the installer's link in Russian.
    await page.goto(`/device/setting?keyword=${uuid}`);
    const row = page.getByTestId('device-locks').locator('.ant-table-row', { hasText: uuid });
    await expect(row).toContainText(`установщик (ссылка № ${link.id})`);
    await expect(row).not.toContainText('installer');

    // The map's scale in Russian units.
    await page.goto(`/map/${encodeURIComponent(plate)}`);
    await expect(page.locator('.leaflet-control-scale-line')).toHaveText(/^\d[\d\s]*(,\d+)?\s(м|км)$/);
    await page.screenshot({ path: 'e2e/artifacts/words-map-ru.png' });
  } finally {
    await context.close();
    await device.stop();
  }
});
