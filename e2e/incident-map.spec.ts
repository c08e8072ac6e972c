import { READY_PASSWORD, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 }, companyLabel: 'MAP' });

const OSLO = { lat: 59.9139, lng: 10.7522 };
const HAMAR = { lat: 60.7945, lng: 11.068 };

test('the incident map clusters a company’s incidents, opens one, and shows nothing for another time range', async ({
  page,
  companySetup,
}) => {
  test.setTimeout(180_000);
  const { api, admin, plate, company } = companySetup;
  await withBoundDevice(companySetup, { gpsIntervalMs: 5_000 }, async (device) => {
    // Three incidents at one spot in Oslo and one in Hamar, about 100 km north.
    device.raiseIncident('collision', OSLO);
    device.raiseIncident('overSpeed', OSLO);
    device.raiseIncident('fatigue', OSLO);
    device.raiseIncident('phoneUse', HAMAR);
    await expect(async () => {
      const list = await api<{ total: number }>('GET', `/v2/event/list?companyId=${company.id}`);
      expect(list.total).toBe(4);
    }).toPass({ timeout: 30_000 });

    // /map opens the incident map (SPEC section 2), after the log-in it asks for.
    await page.goto('/map');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/map\/event$/);
    const map = page.getByTestId('event-map');
    // The default range (the last 7 days) holds all four; the map frames them: a cluster of three and a single one.
    await expect(page.getByTestId('event-map-total')).toHaveText('4');
    await expect(map.locator('.event-map-cluster[data-count="3"]')).toBeVisible();
    await expect(map.locator('.event-map-cluster[data-count="1"]')).toBeVisible();
    await expect(page.getByTestId('event-map-range')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'e2e/artifacts/event-map.png', animations: 'disabled' });

    // The single incident's popup names it and links to its page.
    await map.locator('.event-map-cluster[data-count="1"]').click();
    const popup = map.getByTestId('event-map-popup');
    await expect(popup).toContainText('Phone use');
    await expect(popup).toContainText(plate);
    const link = popup.getByRole('link', { name: 'Open incident' });
    await expect(link).toHaveAttribute('href', /^\/event\/\d+$/);
    await page.screenshot({ path: 'e2e/artifacts/event-map-popup.png', animations: 'disabled' });
    await link.click();
    await expect(page).toHaveURL(/\/event\/\d+$/);
    await expect(page.getByText(plate).first()).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('event-map-total')).toHaveText('4');

    // A click on the cluster zooms in on it (the scale bar changes); the three stay together.
    const scale = map.locator('.leaflet-control-scale-line');
    const before = await scale.textContent();
    await map.locator('.event-map-cluster[data-count="3"]').click();
    await expect(scale).not.toHaveText(before ?? '');
    await expect(map.locator('.event-map-cluster[data-count="3"]')).toBeVisible();

    // A range a year back: nothing matched, the empty state says so.
    const range = page.getByTestId('event-map-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2025-01-01 00:00');
    await range.locator('input').first().press('Enter');
    await range.locator('input').nth(1).fill('2025-01-08 00:00');
    await range.locator('input').nth(1).press('Enter');
    await expect(page.getByTestId('event-map-empty')).toBeVisible();
    await expect(page.getByTestId('event-map-total')).toHaveText('0');
    await expect(map.locator('.event-map-cluster[data-count]')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/artifacts/event-map-empty.png', animations: 'disabled' });
  });
});
