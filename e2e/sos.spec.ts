import type { Browser } from '@playwright/test';
import { SimDevice } from '@safety-shield/device-sim';
import { adminApi, bindWhenListed, brokerUrl, provisioningKey, READY_PASSWORD, readyCompanyAdmin, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 } });

/** A company with a fleet, a vehicle, its Company Admin and a simulated device bound to the vehicle. */
async function companyWithDevice(portal: string, label: string) {
  const api = await adminApi(portal);
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique(`Agent ${label}`) });
  const company = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique(`SOS ${label}`) });
  const fleet = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: unique('Fleet') });
  const admin = await readyCompanyAdmin(portal, api, company.id, `sos${label.toLowerCase()}`);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const plate = `SOS${label.slice(0, 1)} ${stamp}`;
  const uuid = `E2E-SOS-${label.toUpperCase()}-${stamp}`;
  const vehicle = await api<{ id: number }>('POST', '/v1/vehicle', { licensePlate: plate, fleetId: fleet.id });
  const device = new SimDevice({
    uuid,
    brokerUrl: brokerUrl(),
    provisioningKey: await provisioningKey(portal, admin.token),
    gpsIntervalMs: 5_000,
  });
  expect(await device.start()).toBe(true);
  await bindWhenListed(api, uuid, vehicle.id);
  return { admin, plate, device };
}

async function signedInPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/dashboard');
  await logIn(page, username, READY_PASSWORD);
  await expect(page.getByTestId('sos-board')).toBeVisible();
  return { context, page };
}

test('an S.O.S pressed on a device shows on its company’s Focus Board at once, not on another company’s, and is closed', async ({
  browser,
  page,
  portal,
}) => {
  test.setTimeout(120_000);
  const mine = await companyWithDevice(portal, 'Mine');
  const theirs = await companyWithDevice(portal, 'Theirs');
  try {
    await page.goto('/dashboard');
    await logIn(page, mine.admin.username, READY_PASSWORD);
    const board = page.getByTestId('sos-board');
    await expect(board).toBeVisible();
    await expect(page.getByTestId('sos-card')).toBeHidden();
    const other = await signedInPage(browser, theirs.admin.username);
    // Both consoles' sockets are up before the press (the board listens from the moment the header shows).
    await page.waitForTimeout(1_000);

    expect(await mine.device.pressSos()).toBeTruthy();
    // No reload: the push opens the card and sets the badge.
    const card = page.getByTestId('sos-card');
    await expect(card).toBeVisible();
    const item = card.getByTestId('sos-item').filter({ hasText: mine.plate });
    await expect(item).toBeVisible();
    await expect(item).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await expect(board.locator('.ant-badge-count')).toHaveText('1');
    await expect(item.getByTestId('sos-map')).toHaveAttribute('href', `/map/${encodeURIComponent(mine.plate)}`);
    await expect(item.getByTestId('sos-vehicle')).toHaveAttribute('href', `/vehicle/list/${encodeURIComponent(mine.plate)}`);
    await expect(item.getByTestId('sos-incident')).toHaveAttribute('href', /\/event\/\d+$/);
    // DVR is the Super Admin's.
    await expect(item.getByTestId('sos-dvr')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/sos-card.png' });

    // The other company's admin hears nothing.
    await other.page.waitForTimeout(1_000);
    await expect(other.page.getByTestId('sos-card')).toBeHidden();
    await expect(other.page.getByTestId('sos-board').locator('.ant-badge-count')).toHaveCount(0);

    // Released by the driver: still on the board until closed.
    await mine.device.releaseSos();
    await expect(item).toContainText('Released');
    await item.getByTestId('sos-close').click();
    await expect(card.getByTestId('sos-item').filter({ hasText: mine.plate })).toHaveCount(0);
    await expect(board.locator('.ant-badge-count')).toHaveCount(0);

    // The history lists it.
    await page.getByTestId('sos-history-open').click();
    const history = page.getByTestId('sos-history');
    await expect(history.locator('.ant-table-row', { hasText: mine.plate })).toContainText('Closed');
    await page.screenshot({ path: 'test-results/sos-history.png' });
    await other.context.close();
  } finally {
    await Promise.all([mine.device.stop(), theirs.device.stop()]);
  }
});
