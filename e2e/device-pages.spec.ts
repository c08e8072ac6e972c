import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { bindWhenListed, pickSearched, READY_PASSWORD, row, simulatedDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 }, companyLabel: 'MON' });

const CAMERA = 'Camera signal lost · channel 2';
const CARD = 'Storage card full';

test('a fault a device reports shows on the monitor at once, in the device’s alert history and on its detail page', async ({
  page,
  companySetup,
}) => {
  test.setTimeout(180_000);
  const { api, admin, key, plate, vehicle, uuid } = companySetup;
  // A batch of two positions (with their signal) every two seconds: the chart has readings within the test.
  const device = simulatedDevice(uuid, key, { gpsIntervalMs: 1_000, gpsBatch: 2 });
  try {
    expect(await device.start()).toBe(true);
    const deviceId = await bindWhenListed(api, uuid, vehicle.id);
    device.raiseIncident('fatigue');
    await expect(async () => {
      const now = Date.now();
      const samples = await api<unknown[]>('GET', `/v1/device/dbm/listV1?deviceId=${deviceId}&startTime=${now - 3_600_000}&endTime=${now}`);
      expect(samples.length).toBeGreaterThan(1);
      expect((await api<{ total: number }>('GET', `/v2/event/list?vehicleId=${vehicle.id}`)).total).toBe(1);
    }).toPass({ timeout: 30_000 });

    // The monitor, as the company's own admin: its one device, all well so far.
    await page.goto('/device/monitor');
    await logIn(page, admin.username, READY_PASSWORD);
    const line = row(page, uuid);
    await expect(line).toBeVisible();
    await expect(line.getByTestId('monitor-pending')).toHaveText('0');
    await expect(page.getByTestId('device-monitor-table').locator('.ant-table-row')).toHaveCount(1);

    // No reload: the push brings the faults.
    expect(await device.setFaults([{ code: 'cameraLost', channel: 2 }, { code: 'storageFull' }])).toBe(true);
    await expect(line.getByTestId('device-fault').filter({ hasText: CAMERA })).toBeVisible();
    await expect(line.getByTestId('device-fault').filter({ hasText: CARD })).toBeVisible();
    await expect(line.getByTestId('monitor-pending')).toHaveText('2');
    await expect(line).toContainText(plate.toUpperCase());
    await page.screenshot({ path: 'e2e/artifacts/device-monitor.png' });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // Filters: with pending faults it stays, without faults it goes.
    await page.goto('/device/monitor?faults=none');
    await expect(page.getByTestId('device-monitor-table').locator('.ant-empty-description')).toBeVisible();
    await page.goto('/device/monitor?faults=pending&online=true');
    await expect(line).toBeVisible();

    // A click on the row: the device's alert history, newest first.
    await line.click();
    const drawer = page.getByTestId('monitor-history');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(`Alert history of ${uuid}`);
    const history = drawer.getByTestId('alert-history');
    await expect(history.getByTestId('history-fault').filter({ hasText: CAMERA })).toBeVisible();
    await expect(history.getByTestId('history-fault').filter({ hasText: CARD })).toBeVisible();
    await expect(history.getByTestId('history-state').first()).toHaveText('Pending');
    // The card is fine again: cleared in the history, gone from the row, pushed.
    expect(await device.setFaults([{ code: 'cameraLost', channel: 2 }])).toBe(true);
    await expect(history.locator('.ant-table-row', { hasText: CARD }).getByTestId('history-state')).toHaveText('Cleared');
    await expect(line.getByTestId('device-fault')).toHaveCount(1);
    await page.screenshot({ path: 'e2e/artifacts/device-monitor-history.png' });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // On to the device's page: identity, what fails now, the signal over time.
    await drawer.getByTestId('history-to-detail').click();
    await expect(page).toHaveURL(new RegExp(`/device/detailPage\\?deviceId=${deviceId}$`));
    await expect(page.getByTestId('detail-uuid')).toHaveText(uuid);
    await expect(page.getByTestId('detail-plate')).toHaveText(plate.toUpperCase());
    await expect(page.getByTestId('device-identity')).toContainText('Fleet');
    await expect(page.getByTestId('detail-faults').getByTestId('device-fault')).toHaveText([CAMERA]);
    await expect(page.getByTestId('dbm-chart')).toHaveAttribute('aria-label', /Signal strength chart of \d+ readings/);
    await expect(page.getByTestId('dbm-chart').locator('svg')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'e2e/artifacts/device-detail.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
    await tab('Running-status alerts');
    const alerts = page.getByTestId('alert-history');
    await expect(alerts.locator('.ant-table-row', { hasText: CAMERA }).getByTestId('history-state')).toHaveText('Pending');
    await expect(alerts.locator('.ant-table-row', { hasText: CARD }).getByTestId('history-state')).toHaveText('Cleared');

    await tab('Incidents');
    const incident = page.getByTestId('detail-incidents').locator('.ant-table-row', { hasText: 'Fatigue' });
    await expect(incident).toBeVisible();
    await expect(incident.getByRole('link')).toHaveAttribute('href', /^\/event\/\d+$/);

    await tab('Bind history');
    await expect(page.getByTestId('detail-bind-log').locator('.ant-table-row', { hasText: 'Bound' })).toContainText(plate.toUpperCase());

    await tab('Configuration');
    await expect(page.getByTestId('detail-config-edit')).toHaveAttribute('href', `/device/configSetting?deviceId=${deviceId}`);
    await expect(page.getByTestId('detail-config-compare')).toHaveAttribute('href', `/device/deviceConfigInfo?deviceId=${deviceId}`);
    await expect(page).toHaveURL(/tab=config/);
    await expect(page.getByTestId('config-running')).toBeVisible();
    await expect(page.getByTestId('detail-config-versions').locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/artifacts/device-detail-config.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // Without a device the page asks for one, found by its uuid.
    await page.goto('/device/detailPage');
    await expect(page.getByTestId('device-detail-page')).toContainText('Choose a device to see its details.');
    const picker = page.getByTestId('detail-device-picker').getByRole('combobox');
    await picker.click();
    await pickSearched(page, picker, uuid, page.getByTestId('detail-uuid'));
    await expect(page).toHaveURL(new RegExp(`deviceId=${deviceId}`));

    // A phone: both pages fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('dbm-chart')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/device-detail-390.png', fullPage: true });
    await page.goto('/device/monitor');
    await expect(line).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/device-monitor-390.png', fullPage: true });
  } finally {
    await device.stop();
  }
});
