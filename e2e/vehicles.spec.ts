import type { Page } from '@playwright/test';
import { type Fleet, fleetUuid, startFleet } from '@safety-shield/device-sim';
import {
  adminApi,
  agentWithCompany,
  bindElsewhere,
  brokerUrl,
  chooseOrg,
  expectRowShows,
  pickSearched,
  provisioningKey,
  READY_PASSWORD,
  readyCompanyAdmin,
  row,
  unique,
} from './console.js';
import { expect, logIn, test } from './fixtures.js';
import { readMail } from './mail.js';

// Wide enough for the vehicle list's columns and the record drawer side by side.
test.use({ viewport: { width: 1400, height: 900 } });

/** A date-time picker's text for a moment `days` from now, in the browser's (and this machine's) time zone. */
function pickerText(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:00`;
}

/** A click that lands while a dialog is still zooming in may be lost: open it again until it is there. */
async function openDialog(page: Page, open: () => Promise<unknown>, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(async () => {
    if (!(await dialog.isVisible())) await open();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

test('a Company Admin adds a vehicle, binds a live device, follows it on the map, plays its trail, leases it and verifies an e-mail', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const portal = baseURL ?? '';
  const api = await adminApi(portal);
  const { company } = await agentWithCompany(api, 'Haulage Co');
  const ownFleet = unique('Home fleet');
  const otherFleet = unique('Partner fleet');
  const home = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: ownFleet });
  await api('POST', '/v1/org/fleet', { parentId: company.id, name: otherFleet });
  const admin = await readyCompanyAdmin(portal, api, company.id, 'vehicles');
  const key = await provisioningKey(portal, admin.token);

  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const plate = `VH ${stamp}`;
  const prefix = `E2V-${stamp}-`;
  const uuid = fleetUuid(prefix, 0, 1);
  const email = `driver-${stamp.toLowerCase()}@example.com`;
  let fleet: Fleet | undefined;
  try {
    // An empty list says so.
    await page.goto('/vehicle/list');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/vehicle\/list$/);
    await expect(page.getByText('No vehicles yet')).toBeVisible();

    // Add a vehicle: the form checks before sending.
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(page).toHaveURL(/\/vehicle\/edit$/);
    const form = page.getByTestId('vehicle-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please enter the licence plate')).toBeVisible();
    await expect(form.locator('.ant-form-item-explain-error', { hasText: 'Choose a fleet' })).toBeVisible();
    await form.getByLabel('Licence plate').fill('-bad');
    await expect(form.getByText('Start with a letter or digit; then letters, digits, spaces, dots and hyphens')).toBeVisible();
    await form.getByLabel('Licence plate').fill(plate);
    await chooseOrg(page, form, 'Fleet', ownFleet);
    await form.getByLabel('Brand').fill('Volvo');
    await form.getByLabel('Model').fill('FH16');
    await form.getByLabel('Initial mileage').fill('1200');
    // Enter in a field submits the form.
    await form.getByLabel('Model').press('Enter');
    await expect(page).toHaveURL(/\/vehicle\/list$/);
    await expectRowShows(page, plate, 'Volvo FH16', ownFleet, 'Offline', 'Available', '1,200 km');

    // The same plate again is refused on the plate field.
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await form.getByLabel('Licence plate').fill(plate);
    await chooseOrg(page, form, 'Fleet', ownFleet);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.locator('.ant-form-item-explain-error', { hasText: 'A vehicle with this licence plate already exists' }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/vehicle\/list$/);

    // A simulated device connects with the company's provisioning key and reports a position every second.
    fleet = startFleet({
      brokerUrl: brokerUrl(),
      devices: 1,
      uuidPrefix: prefix,
      provisioningKey: key,
      gpsIntervalMs: 1_000,
      gpsBatch: 1,
      speedFactor: 4,
    });
    await fleet.ready(30_000);

    // Bind it in the vehicle's record, choosing it among the unmatched devices by its uuid.
    await row(page, plate).getByRole('button', { name: 'Record' }).click();
    const record = page.getByTestId('vehicle-record');
    await expect(record.getByText(`Vehicle ${plate}`)).toBeVisible();
    await record.getByRole('tab', { name: /Devices/ }).click();
    const bind = await openDialog(page, () => record.getByRole('button', { name: 'Bind a device' }).click(), `Bind a device to ${plate}`);
    await pickSearched(page, bind.getByLabel('Unmatched device'), uuid, bind.getByTestId('bind-device-select'));
    // Meanwhile someone binds it to another vehicle: binding here warns first, then takes it from there.
    const otherPlate = `OT ${stamp}`;
    await bindElsewhere(api, uuid, otherPlate, home.id);
    await bind.getByRole('button', { name: 'Bind a device' }).click();
    const force = page.getByRole('dialog', { name: 'Device already bound' });
    await expect(force).toContainText(`This device is bound to vehicle ${otherPlate}. Unbind it there and bind it here?`);
    await page.screenshot({ path: 'e2e/artifacts/vehicles-bind-force.png', animations: 'disabled' });
    await force.getByRole('button', { name: 'Unbind and bind here' }).click();
    await expect(page.getByText(`${uuid} is bound to ${plate}`)).toBeVisible();
    await expect(bind).toBeHidden();
    const devices = record.getByTestId('vehicle-devices');
    await expect(devices.locator('.ant-table-row', { hasText: uuid })).toContainText('Online');
    await expect(record.getByRole('tab', { name: 'Devices (1)' })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/vehicles-record-devices.png', animations: 'disabled' });

    // The info tab shows the live position once the device has sent one.
    await record.getByRole('tab', { name: 'Info' }).click();
    const info = record.getByTestId('vehicle-info');
    await expect(info.locator('.ant-tag', { hasText: /^Online$/ })).toBeVisible();
    await expect(info.getByText('No position reported yet')).toBeHidden({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(record).toBeHidden();
    await expect(page).not.toHaveURL(/record=/);
    await expect(row(page, plate)).toContainText('Online');
    await page.screenshot({ path: 'e2e/artifacts/vehicles-list.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.screenshot({ path: 'e2e/artifacts/vehicles-list-800.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1400, height: 900 });

    // The map page follows the vehicle over the WebSocket: the position changes without a reload.
    await row(page, plate).getByRole('button', { name: 'Map' }).click();
    await expect(page).toHaveURL(new RegExp(`/map/${encodeURIComponent(plate)}$`));
    const facts = page.getByTestId('live-facts');
    await expect(page.getByTestId('push-status')).toHaveText('Live');
    await expect(page.locator('.ss-heading-marker')).toBeVisible();
    const updated = page.getByTestId('live-updated');
    await expect(updated).not.toHaveText('—');
    const first = await updated.textContent();
    await expect(updated).not.toHaveText(first ?? '', { timeout: 20_000 });
    const location = facts.getByText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    const before = await location.textContent();
    await expect(location).not.toHaveText(before ?? '', { timeout: 60_000 });
    await page.screenshot({ path: 'e2e/artifacts/vehicles-map.png', animations: 'disabled' });

    // Its trail: the route with playback; a range longer than 7 days is refused before it is asked for.
    await page.getByRole('button', { name: 'Trail' }).click();
    await expect(page).toHaveURL(/\/vehicle\/list\?record=\d+&tab=trail$/);
    const trail = page.getByTestId('trail-panel');
    await expect(trail.getByTestId('trail-summary')).toContainText('Points');
    await expect(trail.getByTestId('trail-map').locator('.ss-heading-marker')).toBeVisible();
    await expect(trail.getByTestId('speed-chart').locator('canvas')).toBeVisible();
    const now = trail.getByTestId('trail-now');
    const startText = await now.textContent();
    await trail.getByRole('button', { name: 'Play' }).click();
    await expect(now).not.toHaveText(startText ?? '');
    await page.screenshot({ path: 'e2e/artifacts/vehicles-trail.png', animations: 'disabled' });
    await trail.getByText('32×', { exact: true }).click();
    await expect(trail.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 30_000 });
    await trail.getByPlaceholder('Start').click();
    await trail.getByPlaceholder('Start').fill(pickerText(-10).slice(0, 16));
    await trail.getByPlaceholder('Start').press('Enter');
    await trail.getByPlaceholder('End').fill(pickerText(0).slice(0, 16));
    await trail.getByPlaceholder('End').press('Enter');
    await trail.getByRole('button', { name: 'Show trail' }).click();
    await expect(trail.getByText('The time range can be at most 7 days')).toBeVisible();
    await page.keyboard.press('Escape');

    // Lease it to the partner fleet: not to its own fleet, and only until a time in the future.
    await page.goto('/vehicle/list');
    const lease = await openDialog(page, () => row(page, plate).getByRole('button', { name: 'Lease' }).click(), `Lease ${plate}`);
    await chooseOrg(page, lease, 'Lease to fleet', ownFleet);
    await lease.getByRole('button', { name: 'Lease', exact: true }).click();
    await expect(lease.getByText('A vehicle cannot be leased to the fleet that owns it')).toBeVisible();
    await expect(lease.getByText('Choose when the lease ends')).toBeVisible();
    await chooseOrg(page, lease, 'Lease to fleet', otherFleet);
    await lease.getByLabel('Lease ends').click();
    await lease.getByLabel('Lease ends').fill(pickerText(30));
    await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click();
    await page.screenshot({ path: 'e2e/artifacts/vehicles-lease.png', animations: 'disabled' });
    await lease.getByRole('button', { name: 'Lease', exact: true }).click();
    await expect(lease).toBeHidden();
    await expectRowShows(page, plate, 'Leased out', `To ${otherFleet}`);
    // Ending it asks first.
    await row(page, plate).getByRole('button', { name: 'End lease' }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(`End the lease of ${plate}?`);
    await confirm.getByRole('button', { name: 'End lease' }).click();
    await expectRowShows(page, plate, 'Available');
    await expect(row(page, plate).getByRole('button', { name: 'Lease' })).toBeVisible();

    // A notification e-mail: a code must go out before it can be checked; the code comes by mail.
    await row(page, plate).getByRole('button', { name: 'Record' }).click();
    await record.getByRole('tab', { name: 'Notification e-mails' }).click();
    const emails = record.getByTestId('vehicle-emails');
    await emails.getByLabel('E-mail').fill('not-an-address');
    await emails.getByRole('button', { name: 'Add' }).click();
    await expect(emails.getByText('Please enter a valid e-mail address')).toBeVisible();
    await emails.getByLabel('E-mail').fill(email);
    await emails.getByRole('button', { name: 'Add' }).click();
    const address = emails.locator('.ant-table-row', { hasText: email });
    await expect(address).toContainText('Unverified');
    const verify = record.getByTestId('verify-email');
    await expect(verify).toContainText(`Validate ${email}`);
    await verify.getByLabel('Code').fill('123');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(verify.getByText('The code has 6 digits')).toBeVisible();
    await verify.getByLabel('Code').fill('123456');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Please send the validation code first')).toBeVisible();
    await verify.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`A code was sent to ${email}`)).toBeVisible();
    await expect(verify.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const mail = await readMail(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    await verify.getByLabel('Code').fill(mail.code ?? '');
    await page.screenshot({ path: 'e2e/artifacts/vehicles-emails.png', animations: 'disabled' });
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`${email} is verified`)).toBeVisible();
    await expect(address).toContainText('Verified');
    await expect(verify).toBeHidden();

    // Unbinding asks first; the device is then unmatched again.
    await record.getByRole('tab', { name: /Devices/ }).click();
    await devices.locator('.ant-table-row', { hasText: uuid }).getByRole('button', { name: 'Unbind' }).click();
    const unbind = page.locator('.ant-popconfirm:visible');
    await expect(unbind).toContainText(`Unbind ${uuid} from ${plate}?`);
    await unbind.getByRole('button', { name: 'Unbind' }).click();
    await expect(devices.getByText('No device is bound')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(record).toBeHidden();

    // A plate in the path fills the plate filter; deleting asks first.
    await page.goto(`/vehicle/list/${encodeURIComponent(plate)}`);
    await expect(page.getByTestId('filter-bar').getByLabel('Licence plate')).toHaveValue(plate);
    await expect(page.getByTestId('vehicle-list').locator('.ant-table-row')).toHaveCount(1);
    await row(page, plate).getByRole('button', { name: 'Delete' }).click();
    const remove = page.locator('.ant-popconfirm:visible');
    await expect(remove).toContainText(`Delete ${plate}?`);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No vehicle matches these filters')).toBeVisible();
  } finally {
    await fleet?.stop();
  }
});
