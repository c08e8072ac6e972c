import type { SafetyScoreList } from '@safety-shield/contract';
import { seriousAxeFindings } from './axe.js';
import { READY_PASSWORD, withBoundDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

const OSLO = { lat: 59.9139, lng: 10.7522 };
/** Degrees of longitude to a kilometre at Oslo's latitude. */
const KM_EAST = 1 / (111.32 * Math.cos((OSLO.lat * Math.PI) / 180));

/** 30 km driven east of Oslo in the last half hour: a point a minute at 60 km/h, ending a minute ago. */
function halfHourDrive(now: number) {
  return Array.from({ length: 31 }, (_, i) => ({
    t: now - (31 - i) * 60_000,
    lat: OSLO.lat,
    lng: OSLO.lng + i * KM_EAST,
    speed: 60,
    heading: 90,
    dbm: -70,
  }));
}

/** The vehicle-level scores of the last 7 days as the API answers them to an account. */
async function scores(baseURL: string, token: string): Promise<SafetyScoreList> {
  const res = await fetch(`${baseURL}/v1/safetyScore/list?range=last7Days&period=day&level=vehicle&order=worst&limit=10`, {
    headers: { 'x-token': token },
  });
  const envelope = await res.json();
  expect(envelope.code, JSON.stringify(envelope)).toBe(200);
  return envelope.data as SafetyScoreList;
}

test.use({ companyLabel: 'SAF' });

test('safety score: a Company Admin sees its vehicle scored, weighs harsh braking at nothing and sees the score go up', async ({
  page,
  portal,
  companySetup,
}) => {
  test.setTimeout(90_000);
  const { admin, plate, vehicle } = companySetup;

  // The vehicle drove 30 km, then braked hard once: a score below 100 (the distance first, so the incident, which
  // clears the kept answers, comes after it).
  let before = 0;
  await withBoundDevice(companySetup, { gpsIntervalMs: 60_000, gpsBatch: 1 }, async (device) => {
    expect(await device.publish('gps', { points: halfHourDrive(Date.now()) })).toBe(true);
    device.raiseIncident('harshBraking', OSLO);
    await expect(async () => {
      const list = await scores(portal, admin.token);
      expect(list.overall.incidents).toBe(1);
      expect(list.overall.score).not.toBeNull();
      before = list.overall.score ?? 0;
    }).toPass({ timeout: 30_000 });
  });
  expect(before).toBeLessThan(100);

  // The Safety score tab: the overall score and the vehicle's row.
  await page.goto('/statistics/list?tab=safety');
  await logIn(page, admin.username, READY_PASSWORD);
  await expect(page).toHaveURL(/tab=safety/);
  const overall = page.getByTestId('safety-overall-score-value');
  await expect(overall).toHaveText(String(before));
  const ranking = page.getByTestId('safety-ranking-table').locator('.ant-table-row');
  await expect(ranking).toHaveCount(1);
  await expect(ranking.first()).toContainText(plate);
  await expect(ranking.first()).toContainText(String(before));
  await expect(page.getByTestId('safety-formula')).toContainText('default weights');
  await expect(page.getByTestId('safety-trend-chart').locator('svg')).toBeVisible();
  // Tag and type do not apply to the score: the filter bar leaves them out on this tab.
  await expect(page.getByTestId('statistics-type')).toHaveCount(0);

  // The weights: harsh braking weighs nothing now, so the vehicle's score is 100.
  await page.getByTestId('safety-weights-open').click();
  const field = page.getByLabel('Harsh braking', { exact: true });
  await expect(field).toHaveValue('3');
  await field.fill('200');
  await page.getByTestId('safety-weights-save').click();
  await expect(page.getByText('From 0 to 100')).toBeVisible();
  await field.fill('0');
  await page.getByTestId('safety-weights-save').click();
  await expect(page.locator('.ant-message')).toContainText('Weights saved');
  await expect(overall).toHaveText('100');
  await expect(ranking.first()).toContainText('100');
  await expect(page.getByTestId('safety-formula')).toContainText('Adjusted weights');

  // At a phone's width: nothing scrolls sideways, no serious accessibility finding.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/safety-score-390.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'e2e/artifacts/safety-score-1440.png', fullPage: true, animations: 'disabled' });

  // The vehicle's record shows its score of the last 14 days, and the way to the tab.
  await page.goto(`/vehicle/list?record=${vehicle.id}&tab=info`);
  const block = page.getByTestId('vehicle-safety-score');
  await expect(block.getByTestId('vehicle-safety-score-figure-value')).toHaveText('100');
  await expect(block.getByRole('img')).toBeVisible();
  await block.getByRole('link', { name: 'Open in statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`tab=safety.*vehicleId=${vehicle.id}`));
  await expect(overall).toHaveText('100');
});
