import { companyWithVehicle, READY_PASSWORD, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('a Company Admin writes to the driver from the device’s page, on a phone, and the device shows the text', async ({ page, portal }) => {
  test.setTimeout(90_000);
  const setup = await companyWithVehicle(portal, 'Txt');
  await withBoundDevice(setup, {}, async (device) => {
    const deviceId = (await setup.api<{ records: { deviceId: number }[] }>('GET', `/v1/device/list?keyword=${device.uuid}`)).records[0]
      ?.deviceId;
    await page.goto(`/device/detailPage?deviceId=${deviceId}`);
    await logIn(page, setup.admin.username, READY_PASSWORD);
    await page.getByTestId('driver-text-open').click();
    const dialog = page.getByRole('dialog', { name: 'Message to the driver' });
    // Nothing but spaces is no message.
    await dialog.getByTestId('driver-text-input').fill('   ');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Write a message first')).toBeVisible();
    await dialog.getByTestId('driver-text-input').fill('Please call the office\nbefore 14:00');
    await dialog.getByTestId('driver-text-read-aloud').check();
    await page.screenshot({ path: 'e2e/artifacts/driver-text.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The device showed your message')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(device.driverTexts.map(({ text, readAloud }) => [text, readAloud])).toEqual([['Please call the office before 14:00', true]]);
  });
});
