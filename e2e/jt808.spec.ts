import { ALARM_BIT, location, REGISTRATION_RESULT, REPLY_RESULT } from '@safety-shield/contract/jt808';
import { Jt808Terminal, simRegistration } from '@safety-shield/device-sim';
import { seriousAxeFindings } from './axe.js';
import { companyWithVehicle, jt808Port, pickSearched, READY_PASSWORD, row } from './console.js';
import { expect, logIn, logOut, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** The terminal's clock, Beijing time (UTC+8) as JT/T 808 has it: YYMMDDhhmmss. */
function beijingNow(offsetMs = 0): string {
  const at = new Date(Date.now() + offsetMs + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

test('a JT/T 808 dashcam registers, waits unmatched for the Super Admin, is bound, drives, and its emergency alarm reaches the Focus Board', async ({
  page,
  portal,
}) => {
  test.setTimeout(120_000);
  const { plate, admin } = await companyWithVehicle(portal, 'JTT');
  // A 2019-edition terminal: a 20-digit number on the wire, the portal keys it without the leading zeros.
  const number = `139${String(Date.now()).slice(-8)}`;
  const terminal = new Jt808Terminal({ host: '127.0.0.1', port: jt808Port(), terminal: number.padStart(20, '0'), version: 2019 });
  await terminal.connect();
  try {
    const { result, code } = await terminal.register(simRegistration(plate, 2019));
    expect(result).toBe(REGISTRATION_RESULT.ok);
    expect(await terminal.authenticate(code ?? '')).toBe(REPLY_RESULT.ok);

    // The Super Admin finds it among the new unmatched devices, told apart by its protocol.
    await page.goto(`/devicepage/unMatched?keyword=${number}`);
    await logIn(page);
    const listed = row(page, number);
    await expect(listed).toContainText('JT/T 808');
    await expect(listed).toContainText('Online');
    await page.screenshot({ path: 'e2e/artifacts/jt808-unmatched.png', animations: 'disabled' });
    expect(await seriousAxeFindings(page, ['.shell-sider', '.shell-top'])).toEqual([]);

    // Bound to the company's vehicle, it joins the company.
    await listed.getByRole('button', { name: 'Bind to a vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: `Bind ${number} to a vehicle` });
    await pickSearched(page, dialog.getByLabel('Choose a vehicle'), plate, dialog.locator('.ant-select'));
    await dialog.getByRole('button', { name: 'Bind', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${number} is bound to ${plate}`)).toBeVisible();

    // The device list filters by protocol and shows it on the record.
    await page.goto(`/devicepage/list?protocol=jt808&keyword=${number}`);
    const device = row(page, number);
    await expect(device).toContainText(plate);
    await device.getByRole('button', { name: 'Detail' }).click();
    const facts = page.getByRole('dialog', { name: `Device ${number}` }).getByTestId('device-facts');
    await expect(facts).toContainText('ProtocolJT/T 808');
    await page.screenshot({ path: 'e2e/artifacts/jt808-device.png', animations: 'disabled' });
    await page.goto(`/devicepage/list?protocol=mqtt&keyword=${number}`);
    await expect(page.locator('.ant-table .ant-empty-description')).toBeVisible();
    await logOut(page);

    // The company's admin sees its position and the S.O.S its emergency button raises, at once.
    expect((await terminal.location(location({ lat: 59.9127, lng: 10.7461, time: beijingNow(), speed: 48 }))).result).toBe(0);
    await page.goto('/dashboard');
    await logIn(page, admin.username, READY_PASSWORD);
    const board = page.getByTestId('sos-board');
    await expect(board).toBeVisible();
    await page.waitForTimeout(1_000);
    const emergency = location({ lat: 59.913, lng: 10.747, time: beijingNow(1_000), speed: 12, alarm: 1 << ALARM_BIT.emergency });
    expect((await terminal.location(emergency)).result).toBe(0);
    const item = page.getByTestId('sos-card').getByTestId('sos-item').filter({ hasText: plate });
    await expect(item).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/jt808-sos.png', animations: 'disabled' });
    // The button released: the terminal clears the bit.
    expect((await terminal.location(location({ lat: 59.913, lng: 10.747, time: beijingNow(2_000) }))).result).toBe(0);
    await expect(item).toContainText('Released');
  } finally {
    await terminal.close();
  }
});
