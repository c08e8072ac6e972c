import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { bindWhenListed, companyWithVehicle, row, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('an alarm area drawn in the console makes the simulated vehicle’s leaving it an incident', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { api, vehicle, uuid, key, plate } = await companyWithVehicle(baseURL ?? '', 'Fence');
  // A position every second, sent at once. Seed 95's drive stands 30 s at its start, then leaves a 120 m circle
  // around it after about 43 s: the area is drawn and applied while the vehicle still stands inside it.
  const device = simulatedDevice(uuid, key, { gpsIntervalMs: 1_000, gpsBatch: 1, seed: 95 });
  try {
    expect(await device.start()).toBe(true);
    const deviceId = await bindWhenListed(api, uuid, vehicle.id);
    await expect(async () => {
      const info = await api<{ position: unknown }>('GET', `/v1/device/info?deviceId=${deviceId}`);
      expect(info.position).toBeTruthy();
    }).toPass({ timeout: 20_000 });

    await page.goto(`/device/configSetting?deviceId=${deviceId}`);
    await logIn(page);
    const areas = page.getByTestId('alarm-areas');
    await expect(areas.getByText('No alarm area yet')).toBeVisible();
    // A circle drawn where the vehicle is (the map opens on it): centre by a click, radius typed.
    await areas.getByTestId('area-draw-circle').click();
    await areas.getByLabel('Radius').fill('120');
    const map = page.getByTestId('alarm-areas-map');
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const area = areas.getByTestId('alarm-area');
    await expect(area).toHaveCount(1);
    await area.getByLabel('Area name').fill('Depot');
    await expect(area).toContainText('circle, 120 m');
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
    await page.getByTestId('config-save-dispatch').click();
    await expect(page.getByText('The device applied version 1')).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/device-geofence.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // The vehicle drives on and leaves the area: the device files it.
    await expect(async () => {
      const { records } = await api<{ records: { type: string; description: string | null }[] }>(
        'GET',
        `/v2/event/list?licensePlate=${encodeURIComponent(plate)}`,
      );
      expect(records.find((record) => record.type === 'areaLeave')).toMatchObject({ description: 'area Depot' });
    }).toPass({ timeout: 60_000 });
    await page.goto(`/event/list?licensePlate=${encodeURIComponent(plate)}`);
    await expect(row(page, 'Left an alarm area')).toBeVisible();
  } finally {
    await device.stop();
  }
});
