import { READY_PASSWORD, row, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1280, height: 900 }, companyLabel: 'SHR' });

test('an admin shares an incident; a browser without a session opens the link; a tampered link is refused', async ({
  page,
  browser,
  portal,
  companySetup,
}) => {
  test.setTimeout(180_000);
  const { api, admin, plate } = companySetup;
  await withBoundDevice(companySetup, { gpsIntervalMs: 1_000, gpsBatch: 1 }, async (device) => {
    device.raiseIncident('overSpeed');
    await expect(async () => {
      const list = await api<{ total: number }>('GET', `/v2/event/list?licensePlate=${encodeURIComponent(plate)}`);
      expect(list.total).toBe(1);
    }).toPass({ timeout: 30_000 });

    // The Company Admin selects the incident in the list and makes a link for 3 days.
    await page.goto('/event/list');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/event\/list$/);
    await expect(row(page, plate)).toBeVisible();
    await expect(page.getByTestId('share-link')).toBeDisabled();
    await row(page, plate).getByRole('checkbox').check();
    await page.getByTestId('share-link').click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog).toContainText('selected incidents (1)');
    await page.getByTestId('share-days').fill('3');
    await page.getByTestId('share-create').click();
    const urlBox = page.getByTestId('share-url');
    await expect(urlBox).toHaveValue(/\/1ncident\?token=/);
    const url = await urlBox.inputValue();
    await expect(dialog).toContainText('Valid until');
    await page.screenshot({ path: 'e2e/artifacts/public-incidents-share.png', animations: 'disabled' });

    // A fresh browser without any session opens the link: the incident, its map and the link's expiry.
    const stranger = await browser.newContext({ baseURL: portal, locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      const outside = await stranger.newPage();
      await outside.goto(url);
      await expect(outside).toHaveURL(/\/1ncident\?token=/);
      const card = outside.getByTestId('public-incident');
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('public-incident-type')).toHaveText('Overspeed');
      await expect(card).toContainText(plate);
      await expect(card).toContainText('km/h');
      await expect(outside.getByTestId('public-expiry')).toContainText('This link is valid until');
      await expect(outside.getByTestId('language-select')).toBeVisible();
      // No console shell: no menu, no user menu.
      await expect(outside.getByTestId('user-menu')).toHaveCount(0);
      await outside.screenshot({ path: 'e2e/artifacts/public-incidents.png', fullPage: true, animations: 'disabled' });

      // One character changed in the token: the invalid-link state, no incidents.
      const token = new URL(url).searchParams.get('token') ?? '';
      const last = token.at(-1) === 'A' ? 'B' : 'A';
      await outside.goto(`/1ncident?token=${encodeURIComponent(`${token.slice(0, -1)}${last}`)}`);
      await expect(outside.getByTestId('public-invalid')).toContainText('This link is not valid');
      await expect(outside.getByTestId('public-incident')).toHaveCount(0);
      await outside.screenshot({ path: 'e2e/artifacts/public-incidents-invalid.png', animations: 'disabled' });

      // No token at all.
      await outside.goto('/1ncident');
      await expect(outside.getByTestId('public-missing')).toBeVisible();
    } finally {
      await stranger.close();
    }
  });
});
