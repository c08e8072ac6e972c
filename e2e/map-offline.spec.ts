import type { Locator, Page } from '@playwright/test';
import { companyWithVehicle, withBoundDevice } from './console.js';
import { expect, test } from './fixtures.js';

/**
 * Issue 16: without tiles (the e2e portals run with MAP_TILE_URL empty) every map draws the offline Natural Earth map
 * and says so; the notice leaves the zoom buttons and the legend free at 390 and 1440 px, light and dark.
 */

const OSLO = { lat: 59.9139, lng: 10.7522 };
const HAMAR = { lat: 60.7945, lng: 11.068 };
const TILES_OFF = 'Map tiles are off: showing the offline map';

/** The shell as a fresh account has it, in the wanted appearance. */
const settings = (appearance: 'light' | 'dark') => ({
  themeColour: '#1890ff',
  appearance,
  tabsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  uiSize: 'medium',
});

/** Share of the offline map's canvas that is painted (land, coasts, borders): 0 while nothing is drawn. */
function paintedShare(map: Locator): Promise<number> {
  return map.locator('[data-testid="map-basemap"] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] };
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
    return painted / (canvas.width * canvas.height);
  });
}

/** Two boxes on the page share no pixel. */
async function apart(a: Locator, b: Locator) {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('a box is not shown');
  const overlap = one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
  expect(overlap, 'the notice covers another control').toBe(false);
}

/** The map shows the notice and the land, and the notice stays clear of the zoom buttons. */
async function offlineMapShown(map: Locator) {
  const notice = map.getByTestId('map-offline-notice');
  await expect(notice).toHaveText(TILES_OFF);
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(map.locator('[data-testid="map-basemap"]')).toHaveAttribute('data-features', /^[1-9]\d*$/);
  await expect.poll(() => paintedShare(map)).toBeGreaterThan(0.05);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');
  await apart(notice, map.locator('.leaflet-control-zoom'));
}

/** Zooms out by clicks on "−" to a regional view, where coasts and borders show. */
async function zoomOut(page: Page, map: Locator, steps: number) {
  for (let i = 0; i < steps; i++) {
    await map.locator('.leaflet-control-zoom-out').click();
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(400);
}

test.use({ companyLabel: 'OFF' });

test('without tiles the vehicle, incident and incidents maps draw the offline map with a notice; the legend matches the markers', async ({
  page,
  companySetup,
}) => {
  test.setTimeout(240_000);
  const { api, admin, plate, company } = companySetup;
  await withBoundDevice(companySetup, { gpsIntervalMs: 2_000 }, async (device) => {
    device.raiseIncident('collision', OSLO);
    device.raiseIncident('overSpeed', OSLO);
    device.raiseIncident('fatigue', HAMAR);
    let eventId = 0;
    await expect(async () => {
      const list = await api<{ total: number; records: { eventId: number }[] }>('GET', `/v2/event/list?companyId=${company.id}`);
      expect(list.total).toBe(3);
      eventId = list.records[0]?.eventId ?? 0;
    }).toPass({ timeout: 30_000 });

    await page.goto('/404');
    await page.evaluate((token) => sessionStorage.setItem('safety-shield-token', token), admin.token);
    for (const appearance of ['light', 'dark'] as const) {
      await page.request.put('/v1/account/setParamSetting', { headers: { 'x-token': admin.token }, data: settings(appearance) });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        const shot = (name: string) => ({ path: `e2e/artifacts/map-offline-${name}-${width}-${appearance}.png`, fullPage: width < 800 });

        // The vehicle's live map: at Oslo, zoomed out to southern Norway.
        await page.goto(`/map/${encodeURIComponent(plate)}`);
        const live = page.getByTestId('live-map');
        // The first GPS batch can take a while on a loaded machine.
        await expect(live.locator('.ss-heading-marker')).toBeVisible({ timeout: 60_000 });
        await zoomOut(page, live, 10);
        await offlineMapShown(live);
        await page.screenshot(shot('vehicle'));

        // An incident's map.
        await page.goto(`/event/${eventId}`);
        const incident = page.getByTestId('event-map');
        await expect(incident.locator('.leaflet-marker-icon')).toBeVisible();
        await zoomOut(page, incident, 9);
        await offlineMapShown(incident);
        await incident.scrollIntoViewIfNeeded();
        await page.screenshot(shot('incident'));

        // The incidents map: the notice leaves the legend free, and the legend's samples are the markers' colours.
        await page.goto('/map/event');
        const clusters = page.getByTestId('event-map');
        await expect(page.getByTestId('event-map-total')).toHaveText('3');
        await offlineMapShown(clusters);
        await apart(clusters.getByTestId('map-offline-notice'), page.getByTestId('event-map-legend'));
        const fill = (badge: Locator) => badge.evaluate((element) => getComputedStyle(element).backgroundColor);
        const legend = page.getByTestId('event-map-legend');
        expect(await fill(legend.locator('[data-sample="1"]'))).toBe(await fill(clusters.locator('.event-map-cluster[data-count="1"]')));
        expect(await fill(legend.locator('[data-sample="10"]'))).toBe(await fill(clusters.locator('.event-map-cluster[data-count="2"]')));
        expect(await fill(legend.locator('[data-sample="1"]'))).not.toBe(await fill(legend.locator('[data-sample="10"]')));
        await page.waitForTimeout(300);
        await page.screenshot(shot('incidents'));
      }
    }
  });
});

test('a tile server that cannot be reached gives way to the offline map and says so', async ({ page, portal }) => {
  const { admin, plate } = await companyWithVehicle(portal, 'TIL');
  // The configuration names a tile server; its tiles never arrive.
  await page.route('**/v1/system/map', (route) =>
    route.fulfill({
      json: {
        code: 200,
        msg: 'success',
        codeKey: 'REQUEST_SUCCESS',
        data: { tileUrl: `${portal}/tiles-gone/{z}/{x}/{y}.png`, attribution: 'Gone' },
      },
    }),
  );
  await page.route('**/tiles-gone/**', (route) => route.abort('connectionrefused'));
  await page.goto('/404');
  await page.evaluate((token) => sessionStorage.setItem('safety-shield-token', token), admin.token);
  await page.goto(`/map/${encodeURIComponent(plate)}`);
  const map = page.getByTestId('live-map');
  await expect(map.getByTestId('map-offline-notice')).toHaveText('The map server cannot be reached: showing the offline map');
  await expect.poll(() => paintedShare(map)).toBeGreaterThan(0.05);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
});
