import type { Page } from '@playwright/test';
import { localTimeText } from '@safety-shield/device-sim';
import { companyWithVehicle, pickSearched, READY_PASSWORD, row, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

/** Issue 16: a browser in Oslo; the device's clock an hour ahead of UTC, as an Oslo device's is in winter. */
test.use({ timezoneId: 'Europe/Oslo', viewport: { width: 1440, height: 900 } });

/** An instant as the console writes it in a zone (YYYY-MM-DD HH:mm:ss). */
const inZone = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' }).format(ms);
const offsetOf = (timeZone: string) => (timeZone === 'Asia/Tokyo' ? 'UTC+09:00' : /UTC\+0[12]:00/);

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e/artifacts/time-zone-${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('times follow the browser’s zone, then the account’s, and the device’s local time says its offset', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const setup = await companyWithVehicle(baseURL ?? '', 'TZ');
  const { admin, plate } = setup;
  await withBoundDevice(setup, { gpsIntervalMs: 1_000, gpsBatch: 1 }, async (device) => {
    // The device's clock runs on Central European time (UTC+01:00 in November). Now: the vehicle is the device's since the binding.
    const triggerAt = Date.now();
    device.raiseIncident('collision', { triggerAt, localTime: localTimeText(triggerAt, 60) });

    // An account without a zone: the dashboard's days and every time are the browser's, and it is named.
    await page.goto('/dashboard');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const note = page.getByTestId('time-zone-note');
    await expect(note).toContainText('Times in Europe/Oslo');
    await expect(note).toContainText(offsetOf('Europe/Oslo'));
    // The server counted the dashboard's days in the same zone: no second zone is named.
    await expect(page.getByTestId('dashboard-day-note')).not.toContainText('UTC');
    await shoot(page, 'dashboard');

    // The incident list: the trigger time in Oslo, the device's own clock under it with its offset.
    await page.goto('/event/list');
    const incidentRow = row(page, plate);
    await expect(incidentRow).toBeVisible({ timeout: 30_000 });
    await expect(incidentRow).toContainText(inZone(triggerAt, 'Europe/Oslo'));
    await expect(incidentRow.getByTestId('device-local-time')).toHaveText(`Device local time: ${localTimeText(triggerAt, 60)} (UTC+01:00)`);

    await incidentRow.getByRole('link', { name: 'Detail' }).click();
    const facts = page.getByTestId('event-facts');
    await expect(facts).toContainText(inZone(triggerAt, 'Europe/Oslo'));
    await expect(facts).toContainText('Device local time');
    await expect(facts.getByTestId('device-local-time')).toHaveText(`${localTimeText(triggerAt, 60)} (UTC+01:00)`);
    await expect(note).toContainText('Times in Europe/Oslo');
    await shoot(page, 'incident');
    const detailUrl = page.url();

    // The account's zone wins: set to Tokyo in the profile, every time and the named zone are Tokyo's.
    await page.goto('/self/index');
    const form = page.getByTestId('profile-form');
    // The first login kept the browser's zone for the account (SPEC section 9).
    await expect(form.getByTestId('time-zone-select')).toContainText('Europe/Oslo');
    await pickSearched(page, form.getByLabel('Time zone', { exact: true }), 'Asia/Tokyo', form.getByTestId('time-zone-select'));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(note).toContainText('Times in Asia/Tokyo (UTC+09:00)');

    await page.goto(detailUrl);
    await expect(page.getByTestId('event-facts')).toContainText(inZone(triggerAt, 'Asia/Tokyo'));
    await expect(page.getByTestId('event-facts').getByTestId('device-local-time')).toHaveText(
      `${localTimeText(triggerAt, 60)} (UTC+01:00)`,
    );
    // The pickers count in the same zone: the trail's "last 24 hours" starts at Tokyo's wall clock a day ago.
    await page.goto(`/vehicle/list?record=${setup.vehicle.id}&tab=trail`);
    const start = page.getByTestId('trail-panel').getByPlaceholder('Start');
    await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const [date = '', clock = ''] = (await start.inputValue()).split(' ');
    const shownAsTokyo = Date.parse(`${date}T${clock}:00+09:00`);
    expect(Math.abs(shownAsTokyo - (Date.now() - 86_400_000))).toBeLessThan(5 * 60_000);

    await page.goto('/dashboard');
    await expect(note).toContainText('Times in Asia/Tokyo (UTC+09:00)');
    await shoot(page, 'dashboard-tokyo');
  });
});
