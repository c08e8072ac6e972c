import { readFile } from 'node:fs/promises';
import { companyWithVehicle, READY_PASSWORD, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

const OSLO = { lat: 59.9139, lng: 10.7522 };

/** A dashboard call as the given account. */
async function dashboard<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}/v1/dashboard/${path}`, { headers: { 'x-token': token } });
  const envelope = await res.json();
  expect(envelope.code, JSON.stringify(envelope)).toBe(200);
  return envelope.data as T;
}

interface ToDay {
  vehicles: { online: number; total: number };
  devices: { online: number; total: number };
  incidents: { today: number; total: number };
  quota: { used: number; total: number | null };
}

test('a fresh company admin’s dashboard shows what the API counts, and the user guide downloads as a PDF', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const setup = await companyWithVehicle(portal, 'DASH', { deviceQuota: 5, fleetName: 'Dash Fleet' });
  const { api, admin } = setup;
  await withBoundDevice(setup, { gpsIntervalMs: 5_000 }, async (device) => {
    device.raiseIncident('collision', OSLO);
    device.raiseIncident('overSpeed', OSLO);
    await expect(async () => {
      const figures = await dashboard<ToDay>(portal, admin.token, 'toDay');
      expect(figures.incidents.total).toBe(2);
      expect(figures.vehicles.online).toBe(1);
    }).toPass({ timeout: 30_000 });
    const expected = await dashboard<ToDay>(portal, admin.token, 'toDay');
    expect(expected).toMatchObject({ vehicles: { online: 1, total: 1 }, devices: { online: 1, total: 1 }, quota: { used: 1, total: 5 } });
    const week = await dashboard<{ total: number }>(portal, admin.token, 'incident?range=last7Days');

    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/dashboard');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-role')).toHaveText('Company Admin');
    const stat = (id: string, part: 'value' | 'total') => page.getByTestId(`stat-${id}-${part}`);
    await expect(stat('vehicles', 'value')).toHaveText(String(expected.vehicles.online));
    await expect(stat('vehicles', 'total')).toHaveText(String(expected.vehicles.total));
    await expect(stat('devices', 'value')).toHaveText(String(expected.devices.online));
    await expect(stat('devices', 'total')).toHaveText(String(expected.devices.total));
    await expect(stat('incidents', 'value')).toHaveText(String(expected.incidents.today));
    await expect(stat('incidents', 'total')).toHaveText(String(expected.incidents.total));
    await expect(stat('quota', 'value')).toHaveText(String(expected.quota.used));
    await expect(stat('quota', 'total')).toHaveText(String(expected.quota.total));
    await expect(page.getByTestId('incident-total')).toHaveText(String(week.total));
    await expect(page.getByTestId('dashboard-fleets').locator('.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('dashboard-fleets').locator('.ant-table-row')).toContainText('Dash Fleet');
    await expect(page.getByTestId('period-chart').locator('svg')).toBeVisible();
    await expect(page.getByTestId('candlestick-chart').locator('svg')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: 'e2e/artifacts/dashboard.png', fullPage: true, animations: 'disabled' });

    // The opening is in the operation log.
    await expect(async () => {
      const log = await api<{ records: { action: string; username: string }[] }>('GET', '/v1/system/log/list?action=dashboard.open');
      expect(log.records.some((r) => r.username === admin.username)).toBe(true);
    }).toPass({ timeout: 10_000 });

    // The tour walks over the shell; the user guide downloads as a real PDF.
    await page.getByTestId('dashboard-tour').click();
    await expect(page.locator('.ant-tour')).toBeVisible();
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('dashboard-guide').click()]);
    expect(download.suggestedFilename()).toBe('safety-shield-user-guide-en.pdf');
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/Count [2-9]/);

    // The mobile width stacks the cards; the figures stay readable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(stat('vehicles', 'total')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'e2e/artifacts/dashboard-mobile.png', fullPage: true, animations: 'disabled' });
  });
});
