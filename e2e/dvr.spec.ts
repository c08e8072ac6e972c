import { memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { adminApi, brokerUrl, provisioningKey, readyCompanyAdmin, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 1000 } });

test('the Super Admin opens a vehicle’s DVR recordings, sees the day’s segments and plays a span back', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const api = await adminApi(portal);
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique('Agent') });
  const company = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique('DVR Co') });
  const fleet = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: unique('DVR Fleet') });
  const admin = await readyCompanyAdmin(portal, api, company.id, 'dvr');
  const key = await provisioningKey(portal, admin.token);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const uuid = `E2E-DVR-${stamp}`;
  const plate = `DVR ${stamp}`;
  const vehicle = await api<{ id: number }>('POST', '/v1/vehicle', { licensePlate: plate, fleetId: fleet.id, initialMileageKm: 0 });
  const device = new SimDevice({
    uuid,
    brokerUrl: brokerUrl(),
    provisioningKey: key,
    credentials: memoryCredentialStore(),
    gpsIntervalMs: 60_000,
    channels: 2,
  });
  try {
    expect(await device.start()).toBe(true);
    await expect(async () => {
      const [listed] = (await api<{ records: { deviceId: number }[] }>('GET', `/v1/device/list?keyword=${uuid}`)).records;
      expect(listed).toBeTruthy();
      await api('PUT', '/v1/vehicle/bind', { vehicleId: vehicle.id, deviceId: listed?.deviceId });
    }).toPass({ timeout: 30_000 });

    await page.goto(`/dvr/${encodeURIComponent(plate)}`);
    await logIn(page);
    await expect(page.getByText(`DVR recordings · ${plate}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dvr-segment').first()).toBeVisible({ timeout: 30_000 });

    // Drag on the timeline from a few minutes ago (now lies at the right of today's recorded part).
    const bar = page.getByTestId('dvr-timeline');
    const box = await bar.boundingBox();
    if (!box) throw new Error('no timeline');
    const now = new Date();
    const dayMs = 24 * 3_600_000;
    const sinceMidnight = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const x = (ms: number) => box.x + (Math.max(0, ms) / dayMs) * box.width;
    await page.mouse.move(x(sinceMidnight - 30 * 60_000), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x(sinceMidnight - 25 * 60_000), box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('dvr-span')).toContainText('UTC');
    await page.getByTestId('dvr-play').click();
    const player = page.getByTestId('live-player-1');
    await expect(player).toHaveAttribute('data-state', 'readyToPlay', { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('live-video-1').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: '/tmp/dvr-page.png' });
  } finally {
    await device.stop();
  }
});
