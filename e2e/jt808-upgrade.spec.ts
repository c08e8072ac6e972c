import { Jt808SimDevice, memoryCodeStore } from '@safety-shield/device-sim';
import { apiLogin } from './api.js';
import { bindWhenListed, companyWithVehicle, jt808Port, submitCampaign } from './console.js';
import { expect, logIn, test } from './fixtures.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('a firmware campaign upgrades a JT/T 808 dashcam: the package goes in 0x8108 sub-packages and the row ends done with the new version', async ({
  page,
  portal,
}) => {
  test.setTimeout(90_000);
  const { api, vehicle } = await companyWithVehicle(portal, 'OTA');
  const number = `137${String(Date.now()).slice(-8)}`;
  const version = `1.${Date.now() % 1_000_000_000}.0`;
  const dashcam = new Jt808SimDevice({
    host: '127.0.0.1',
    port: jt808Port(),
    terminal: number,
    version: 2019,
    software: '1.0.0',
    installMs: 300,
    codes: memoryCodeStore(),
    gpsIntervalMs: 5_000,
    reconnectDelayMs: { min: 200, max: 1_000 },
    replyTimeoutMs: 5_000,
  });
  try {
    expect(await dashcam.start()).toBe(true);
    await bindWhenListed(api, number, vehicle.id);
    // The package, as the library's form would upload it (the form has its own test): for the dashcam's model.
    const form = new FormData();
    form.append('version', version);
    form.append('models', 'SS-808');
    form.append('file', new Blob([new Uint8Array(200 * 1024).map((_, i) => (i * 7) & 0xff)]), 'dashcam.bin');
    const token = await apiLogin(portal, 'admin', E2E_ADMIN_PASSWORD);
    const uploaded = await fetch(`${portal}/v1/device/upgradeDevice2`, { method: 'POST', headers: { 'x-token': token }, body: form });
    const packageId = ((await uploaded.json()) as { data: { id: number } }).data.id;

    await page.goto(`/devicepage/upgradeManager?packageId=${packageId}`);
    await logIn(page);
    await expect(page.getByTestId('campaign-package')).toContainText(version);
    await submitCampaign(page, [number]);
    await expect(page).toHaveURL(/\/devicepage\/upgradeManager\?taskId=\d+$/);
    const line = page.getByTestId('task-drawer').locator(`[data-uuid="${number}"]`);
    await expect(line.getByTestId('task-state')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
    await expect(line.getByTestId('row-progress')).toHaveAttribute('data-percent', '100');
    // The dashcam installed the package and came back naming its version.
    expect(dashcam.software).toBe(version);
    await page.screenshot({ path: 'e2e/artifacts/jt808-upgrade.png', fullPage: true, animations: 'disabled' });
  } finally {
    await dashcam.stop();
  }
});
