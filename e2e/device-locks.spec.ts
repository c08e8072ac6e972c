import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { bindWhenListed, companyWithVehicle, listedDeviceId, row, simulatedDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('a locked device refuses local changes and the portal’s unbind; an installer link opens only its device, unlocks it with the PIN and is used up', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { api, vehicle, uuid, key, plate } = await companyWithVehicle(baseURL ?? '', 'Lock');
  const device = simulatedDevice(uuid, key);
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);

    // Without a session the page offers the sign-in, which leads on to the console's lock page, inside its layout
    // (issue 29: it opened outside, without the sidebar).
    await page.goto(`/device/setting?keyword=${uuid}`);
    await expect(page.getByTestId('locks-no-access')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await logIn(page);
    await expect(page).toHaveURL(new RegExp(`/devicepage/locks\\?keyword=${uuid}$`));
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Device locks' })).toHaveClass(/ant-menu-item-selected/);

    // Lock it with a PIN: the device confirms.
    const locks = page.getByTestId('device-locks');
    const lockRow = locks.locator('.ant-table-row', { hasText: uuid });
    await lockRow.getByTestId('lock-action').click();
    const dialog = page.getByTestId('pin-dialog');
    await dialog.getByTestId('pin-input').fill('2468');
    await dialog.getByTestId('pin-repeat').fill('2486');
    await page.getByTestId('pin-submit').click();
    await expect(dialog.getByText('The two PINs differ')).toBeVisible();
    await dialog.getByTestId('pin-repeat').fill('2468');
    await page.screenshot({ path: 'e2e/artifacts/device-locks-pin.png' });
    await page.getByTestId('pin-submit').click();
    await expect(page.getByText(`${uuid} locked`)).toBeVisible();
    await expect(lockRow.getByTestId('lock-tag')).toHaveAttribute('data-locked', 'true');
    await expect(lockRow.getByTestId('lock-reported')).toHaveAttribute('data-state', 'confirmed', { timeout: 20_000 });
    expect(device.locked).toBe(true);

    // The driver tries to format the storage: refused at the device, shown in the console.
    expect(device.localAction('formatStorage')).toBe(false);
    await expect(async () => {
      await page.reload();
      await expect(lockRow.getByTestId('tamper-cell')).toHaveAttribute('data-count', '1', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(lockRow.getByTestId('tamper-cell')).toContainText('Last: Format storage');
    await page.screenshot({ path: 'e2e/artifacts/device-locks-console.png', fullPage: true });
    // A phone, a tablet and a wide monitor: no sideways scroll.
    for (const width of [390, 768, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(lockRow).toBeVisible();
      if (width === 390) await page.screenshot({ path: 'e2e/artifacts/device-locks-console-390.png', fullPage: true });
      await expectNoSidewaysScroll(page);
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
    await lockRow.getByRole('button', { name: '1 refused action' }).click();
    await expect(page.getByTestId('tamper-drawer').locator('.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('tamper-drawer')).toContainText('Format storage');
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await page.keyboard.press('Escape');

    // The portal will not unbind it while it is locked.
    await page.goto(`/devicepage/list?keyword=${uuid}`);
    await row(page, uuid).getByRole('button', { name: 'Unbind' }).click();
    await page.getByRole('button', { name: 'Unbind', exact: true }).last().click();
    await expect(page.getByText('The device is not in a state that allows this: locked')).toBeVisible();
    await expect(row(page, uuid)).toContainText(plate.toUpperCase());

    // Back to its lock from the device's page; the Super Admin issues an installer link for it: two uses.
    const deviceId = await listedDeviceId(api, uuid);
    await page.goto(`/device/detailPage?deviceId=${deviceId}`);
    await page.getByTestId('detail-to-lock').click();
    await expect(page).toHaveURL(new RegExp(`/devicepage/locks\\?keyword=${uuid}$`));
    await lockRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('lock-link').click();
    await page.getByTestId('lock-link-uses').fill('2');
    await page.getByTestId('lock-link-issue').click();
    const url = (await page.getByTestId('lock-link-url').textContent()) ?? '';
    expect(url).toContain('/deviceLock?token=');
    // Issue 29: it is meant for a phone: its QR code sits beside the copy button.
    await expect(page.getByTestId('lock-link-qr').locator('svg')).toBeVisible();
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await page.screenshot({ path: 'e2e/artifacts/device-locks-link.png' });

    // An installer on site, no account, a phone's width.
    const site = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    try {
      const phone = await site.newPage();
      await phone.goto(url);
      const cards = phone.getByTestId('installer-device');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toHaveAttribute('data-uuid', uuid);
      await expect(cards.first().getByTestId('lock-tag')).toHaveAttribute('data-locked', 'true');
      await expect(phone.getByTestId('installer-uses')).toHaveText('2 uses left.');
      // Nothing of the console around it.
      await expect(phone.locator('.shell-sider, .shell-top')).toHaveCount(0);
      await phone.screenshot({ path: 'e2e/artifacts/device-locks-installer.png', fullPage: true });
      expect(await seriousAxeFindings(phone, [], KNOWN_OPEN)).toEqual([]);

      await cards.first().getByTestId('unlock-action').click();
      await phone.getByTestId('pin-input').fill('2468');
      await phone.getByTestId('pin-submit').click();
      await expect(phone.getByText(`${uuid} unlocked`)).toBeVisible();
      await expect(cards.first().getByTestId('lock-tag')).toHaveAttribute('data-locked', 'false');
      await expect(phone.getByTestId('installer-uses')).toHaveText('1 use left.');
      await expect.poll(() => device.locked, { timeout: 20_000 }).toBe(false);
      expect(device.localAction('formatStorage')).toBe(true);

      // The last use locks it again with a new PIN; then the link opens nothing.
      await cards.first().getByTestId('lock-action').click();
      await phone.getByTestId('pin-input').fill('1357');
      await phone.getByTestId('pin-repeat').fill('1357');
      await phone.getByTestId('pin-submit').click();
      await expect(phone.getByText(`${uuid} locked`)).toBeVisible();
      const refused = phone.getByTestId('installer-refused');
      await expect(refused).toHaveAttribute('data-refusal', 'usedUp');
      await expect(refused).toContainText('This link has been used up');
      await phone.screenshot({ path: 'e2e/artifacts/device-locks-used-up.png', fullPage: true });
      await phone.reload();
      await expect(refused).toHaveAttribute('data-refusal', 'usedUp');
    } finally {
      await site.close();
    }
  } finally {
    await device.stop();
  }
});
