import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { type Fleet, fleetUuid, startFleet } from '@safety-shield/device-sim';
import {
  adminApi,
  agentWithCompany,
  bindElsewhere,
  brokerUrl,
  chooseOrg,
  expectRowShows,
  READY_PASSWORD,
  readyCompanyAdmin,
  row,
  unique,
} from './console.js';
import { expect, logIn, logOut, test } from './fixtures.js';

/** The list does not poll: reload until the row shows what the device reported. */
async function waitForRow(page: Page, uuid: string, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(row(page, uuid)).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

/** Another company's admin, in a browser of its own, finds nothing under the device's uuid. */
async function expectHiddenFromOtherCompany(browser: Browser, baseURL: string, username: string, uuid: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/devicepage/unMatched?keyword=${encodeURIComponent(uuid)}`);
    await logIn(page, username, READY_PASSWORD);
    const list = page.getByTestId('unmatched-devices');
    // Only an answered list proves anything: an empty table also shows while the first page loads.
    await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(list.locator('.ant-empty-description')).toHaveText('No data');
    await expect(row(page, uuid)).toHaveCount(0);
    await page.screenshot({ path: 'e2e/artifacts/devices-other-company.png', fullPage: true, animations: 'disabled' });
  } finally {
    await context.close();
  }
}

test('a company connects a device with its provisioning key, binds it, and the Super Admin manages it', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const portal = baseURL ?? '';
  const api = await adminApi(portal);
  const { agent, company } = await agentWithCompany(api, 'Devices Co');
  const fleetName = unique('Fleet');
  const fleetOrg = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: fleetName });
  const other = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique('Other Co') });
  const { username: companyAdmin } = await readyCompanyAdmin(portal, api, company.id, 'devices');
  const { username: otherAdmin } = await readyCompanyAdmin(portal, api, other.id, 'devices');

  const prefix = `E2E-${Date.now().toString(36)}-`;
  const uuid = fleetUuid(prefix, 0, 1);
  const plate = `E2E ${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const otherPlate = `OTH ${Date.now().toString(36).toUpperCase().slice(-6)}`;
  let fleet: Fleet | undefined;
  try {
    // The Company Admin makes the company's provisioning key; it is shown once.
    await page.goto('/devicepage/unMatched');
    await logIn(page, companyAdmin, READY_PASSWORD);
    await expect(page).toHaveURL(/\/devicepage\/unMatched$/);
    const card = page.getByTestId('provisioning-card');
    await expect(card.getByTestId('provisioning-state')).toHaveText('No key yet');
    await card.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New provisioning key' });
    await expect(keyDialog.getByTestId('new-provisioning-key')).toContainText(/pk_/);
    await page.screenshot({ path: 'e2e/artifacts/devices-provisioning-key.png', animations: 'disabled' });
    const key = /pk_[A-Za-z0-9_-]+/.exec((await keyDialog.getByTestId('new-provisioning-key').textContent()) ?? '')?.[0];
    expect(key).toBeTruthy();
    await keyDialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(keyDialog).toBeHidden();
    await expect(card.getByTestId('provisioning-state')).toHaveText('Key exists');
    await expect(card.getByRole('button', { name: 'Replace key' })).toBeVisible();

    // A device connects with it and shows up, online, among the unmatched devices.
    fleet = startFleet({ brokerUrl: brokerUrl(), devices: 1, uuidPrefix: prefix, provisioningKey: key, gpsIntervalMs: 1_000, gpsBatch: 1 });
    await fleet.ready(30_000);
    await waitForRow(page, uuid, 'Online');
    await page.screenshot({ path: 'e2e/artifacts/devices-unmatched.png', fullPage: true, animations: 'disabled' });

    // Devices stay inside their company.
    await expectHiddenFromOtherCompany(browser, portal, otherAdmin, uuid);

    // Bind it to a vehicle made in the dialog; it leaves the unmatched list.
    await row(page, uuid).getByRole('button', { name: 'Bind to a vehicle' }).click();
    const bindDialog = page.getByRole('dialog', { name: `Bind ${uuid} to a vehicle` });
    // A click that lands while the dialog is still zooming in may be lost: try again until the form answers.
    await expect(async () => {
      await bindDialog.getByText('New vehicle', { exact: true }).click({ timeout: 2_000 });
      await expect(bindDialog.getByLabel('Licence plate')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await bindDialog.getByLabel('Licence plate').fill(plate);
    await chooseOrg(page, bindDialog, 'Fleet', fleetName);
    await page.screenshot({ path: 'e2e/artifacts/devices-bind-dialog.png', animations: 'disabled' });
    // Meanwhile someone else binds the device to another vehicle: binding it here warns and takes it over.
    await bindElsewhere(api, uuid, otherPlate, fleetOrg.id);
    await bindDialog.getByRole('button', { name: 'Bind', exact: true }).click();
    const force = page.getByRole('dialog', { name: 'The device is bound to another vehicle' });
    await expect(force).toContainText(`${uuid} is bound to ${otherPlate}. Take it from ${otherPlate} and bind it to ${plate}?`);
    await page.screenshot({ path: 'e2e/artifacts/devices-bind-force.png', animations: 'disabled' });
    await force.getByRole('button', { name: 'Bind anyway' }).click();
    await expect(page.getByText(`${uuid} is bound to ${plate}`)).toBeVisible();
    await expect(bindDialog).toBeHidden();
    await expect(row(page, uuid)).toHaveCount(0);

    // The Super Admin finds it in the device list by its uuid.
    await logOut(page);
    await page.goto('/devicepage/list');
    await logIn(page);
    await expect(page).toHaveURL(/\/devicepage\/list$/);
    const filters = page.getByTestId('filter-bar');
    await filters.getByLabel('Device', { exact: true }).fill(uuid);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${uuid}`));
    const device = row(page, uuid);
    await expect(device).toContainText(plate);
    await expect(device).toContainText('Online');
    await expect(page.getByTestId('device-list').locator('.ant-table-row')).toHaveCount(1);
    await expect(device.getByRole('link', { name: plate })).toHaveAttribute('href', `/vehicle/list/${encodeURIComponent(plate)}`);
    // A bound device cannot be deleted: the button is off.
    await expect(device.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await page.screenshot({ path: 'e2e/artifacts/devices-list.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: 'e2e/artifacts/devices-list-800.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Its detail: every field, the signal chart, and the bind log with the bind.
    await device.getByRole('button', { name: 'Detail' }).click();
    const detail = page.getByRole('dialog', { name: `Device ${uuid}` });
    await expect(detail.getByTestId('device-facts')).toContainText(fleetName);
    // Newest first: the bind here, the forced unbind from the other vehicle, the other bind.
    const bindLog = detail.getByTestId('bind-log').locator('.ant-table-row');
    await expect(bindLog).toHaveCount(3);
    await expect(bindLog.nth(0)).toContainText('Bound');
    await expect(bindLog.nth(0)).toContainText(plate);
    await expect(bindLog.nth(0)).toContainText(companyAdmin);
    await expect(bindLog.nth(1)).toContainText('Unbound');
    await expect(bindLog.nth(1)).toContainText('Forced');
    await expect(bindLog.nth(1)).toContainText(otherPlate);
    await expect(bindLog.nth(2)).toContainText(otherPlate);
    await expect(bindLog.nth(2)).toContainText('admin');
    await expect(detail.getByTestId('dbm-chart').or(detail.getByText('No signal readings in this time range'))).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/devices-detail.png', animations: 'disabled' });
    await bindLog.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/devices-detail-bind-log.png', animations: 'disabled' });
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/device=/);

    // Its SIM card: the ICCID must have 19 or 20 digits.
    await device.getByRole('button', { name: 'ICCID' }).click();
    const iccidDialog = page.getByRole('dialog', { name: `SIM card of ${uuid}` });
    const iccid = `8947${String(Date.now()).padStart(15, '0').slice(-15)}`;
    await expect(async () => {
      await iccidDialog.getByLabel('ICCID').fill('12345', { timeout: 2_000 });
      await iccidDialog.getByRole('button', { name: 'Save' }).click({ timeout: 2_000 });
      await expect(iccidDialog.getByText('The ICCID has 19 or 20 digits')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await iccidDialog.getByLabel('ICCID').fill(iccid);
    await iccidDialog.getByRole('button', { name: 'Save' }).click();
    await expect(iccidDialog).toBeHidden();
    await expectRowShows(page, uuid, iccid);

    // The filtered list as a spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByTestId('devices-more').click();
    await page.getByRole('menuitem', { name: 'Export devices' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Unbinding warns which vehicle it is bound to.
    await device.getByRole('button', { name: 'Unbind' }).click();
    const unbind = page.locator('.ant-popconfirm:visible');
    await expect(unbind).toContainText(`Unbind ${uuid} from ${plate}?`);
    await expect(unbind).toContainText(`The device is bound to ${plate}`);
    await unbind.getByRole('button', { name: 'Unbind' }).click();
    await expect(device).toContainText('Not bound');

    // Now it can be deleted; the simulator stops first so it does not come back through its old connection.
    await fleet.stop();
    fleet = undefined;
    await device.getByRole('button', { name: 'Delete' }).click();
    const remove = page.locator('.ant-popconfirm:visible');
    await expect(remove).toContainText(`Delete ${uuid}?`);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(row(page, uuid)).toHaveCount(0);
  } finally {
    await fleet?.stop();
  }
});
