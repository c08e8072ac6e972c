import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { bindWhenListed, listedDeviceId, READY_PASSWORD, row, simulatedDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 }, companyLabel: 'ONL' });

/** The table's day columns, as their headers name them (MM-DD under the weekday). */
const dayHeaders = (page: Page) => page.getByTestId('summary-table').locator('thead th[data-day]');

test('online time per device and day: today’s time shows in the chart and the table, the span changes, at most 31 days, the export is a spreadsheet', async ({
  page,
  companySetup,
}) => {
  test.setTimeout(180_000);
  const { api, admin, key, plate, vehicle, uuid } = companySetup;
  // One device stays online; the other connects, goes and leaves a finished connection behind.
  const online = simulatedDevice(uuid, key);
  // A uuid the first one's is not part of: binding finds the first by its uuid as a keyword.
  const briefUuid = uuid.replace('-ONL-', '-ONB-');
  const brief = simulatedDevice(briefUuid, key);
  try {
    expect(await online.start()).toBe(true);
    expect(await brief.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);
    await page.waitForTimeout(3_000);
    await brief.stop();
    const deviceId = await listedDeviceId(api, uuid);

    // As the company's admin: the last 7 days up to today, its two devices, today's time online.
    await page.goto('/device/lineSummary');
    await logIn(page, admin.username, READY_PASSWORD);
    const span = await page.getByTestId('summary-span').innerText();
    const [first, today] = span.split(' – ');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(dayHeaders(page)).toHaveCount(7);
    const line = row(page, plate.toUpperCase());
    await expect(line.getByTestId('summary-device')).toHaveText(uuid);
    await expect(line.getByTestId('summary-device')).toHaveAttribute('href', `/device/detailPage?deviceId=${deviceId}`);
    await expect(line.locator(`td[data-day="${today}"]`)).toHaveText(/^\d+ (s|min|h)/);
    await expect(line.getByTestId('summary-total')).toHaveText(/^\d+ (s|min|h)/);
    await expect(row(page, briefUuid).locator(`td[data-day="${today}"]`)).toHaveText(/^\d+ (s|min)/);
    await expect(row(page, briefUuid)).toContainText('Not bound');

    // The chart of the page's devices, described for screen readers.
    const chart = page.getByTestId('online-chart');
    await expect(chart.locator('svg')).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`online hours per day of 2 devices from ${first} to ${today}`));
    await page.screenshot({ path: 'e2e/artifacts/line-summary.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // Another span reads the days again: the last 30 days, a column each.
    const asked = page.waitForRequest(
      (request) => request.url().includes('/v1/device/online/summary') && request.url().includes('startTime'),
    );
    await page.getByPlaceholder('First day').click();
    await page.locator('.ant-picker-presets').getByText('Last 30 days').click();
    await page.getByRole('button', { name: 'Search' }).click();
    const request = await asked;
    await expect(page).toHaveURL(new RegExp(`to=${today}`));
    await expect(dayHeaders(page)).toHaveCount(30);
    const { startTime, endTime } = Object.fromEntries(new URL(request.url()).searchParams);
    expect(Number(endTime) - Number(startTime)).toBeGreaterThanOrEqual(30 * 86_400_000 - 3_600_000);
    await expect(line.locator(`td[data-day="${today}"]`)).toHaveText(/^\d+ (s|min|h)/);

    // More than 31 days: the form refuses them, and a link with them asks for a shorter span instead of reading.
    await page.getByPlaceholder('First day').click();
    await page.getByPlaceholder('First day').fill('2025-01-01');
    await page.getByPlaceholder('First day').press('Enter');
    await page.getByPlaceholder('Last day').fill('2025-03-01');
    await page.getByPlaceholder('Last day').press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('filter-bar')).toContainText('Choose at most 31 days');
    await expect(page).toHaveURL(new RegExp(`to=${today}`));
    await page.goto('/device/lineSummary?from=2025-01-01&to=2025-03-01');
    await expect(page.getByTestId('summary-problem')).toContainText('Choose at most 31 days');
    await expect(page.getByTestId('summary-export')).toBeDisabled();

    // The export: the filtered devices with an hours column a day, as .xlsx.
    await page.goto(`/device/lineSummary?keyword=${encodeURIComponent(uuid)}`);
    await expect(line).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('summary-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // A phone: the table scrolls inside its card, the page does not.
    await page.goto('/device/lineSummary');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chart.locator('svg')).toBeVisible();
    await expect(line).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/line-summary-390.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
  } finally {
    await online.stop();
    await brief.stop();
  }
});
