import { fleetUuid, startFleet } from '@safety-shield/device-sim';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { brokerUrl, companyWithVehicle, listedDeviceId, row } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

test('the Super Admin configures ticked devices and then all the list finds; the task manager follows each device live and cancels one that is offline', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { api, key, uuid } = await companyWithVehicle(baseURL ?? '', 'Batch');
  const prefix = `${uuid}-`;
  // Three devices; the third goes offline once the portal knows it.
  const fleet = startFleet({ brokerUrl: brokerUrl(), devices: 3, uuidPrefix: prefix, provisioningKey: key, gpsIntervalMs: 60_000 });
  try {
    await fleet.ready(30_000);
    const uuids = [0, 1, 2].map((i) => fleetUuid(prefix, i, 3));
    await expect(async () => {
      const { total } = await api<{ total: number }>('GET', `/v1/device/list?keyword=${prefix}`);
      expect(total).toBe(3);
    }).toPass({ timeout: 30_000 });
    await fleet.devices[2]?.stop();
    await expect(async () => {
      const { total } = await api<{ total: number }>('GET', `/v1/device/list?keyword=${prefix}&online=true`);
      expect(total).toBe(2);
    }).toPass({ timeout: 30_000 });

    await page.goto(`/devicepage/list?keyword=${encodeURIComponent(prefix)}`);
    await logIn(page);
    for (const ticked of uuids.slice(0, 2)) await row(page, ticked).getByRole('checkbox').check();
    await page.getByTestId('configure-selected').click();
    const editor = page.getByTestId('batch-config');
    await expect(editor).toContainText('Configure 2 devices');
    // Only the ticked section goes out: position reporting.
    await page.getByTestId('config-interval').fill('5');
    await page.screenshot({ path: 'e2e/artifacts/device-batch-editor.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await page.getByTestId('config-batch-dispatch').click();
    await expect(page).toHaveURL(/\/devicepage\/taskManager\?taskId=\d+$/);
    const drawer = page.getByTestId('task-drawer');
    await expect(drawer.getByTestId('task-progress')).toHaveAttribute('data-done', '2');
    await expect(drawer.getByTestId('task-state').first()).toHaveAttribute('data-state', 'done');
    await expect(drawer.locator(`[data-uuid="${uuids[0]}"] [data-testid="task-state"]`)).toHaveAttribute('data-state', 'done');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // All the filtered list: the offline device waits, its row is cancelled.
    await page.goto(`/devicepage/list?keyword=${encodeURIComponent(prefix)}`);
    // Issue 29: the less used actions sit in the toolbar's "More" menu.
    await page.getByTestId('devices-more').click();
    await page.getByTestId('configure-matching').click();
    await expect(page.getByTestId('batch-config')).toContainText('Configure 3 devices');
    await page.getByTestId('config-choose-detections').check();
    await page.getByTestId('config-detections').getByLabel('Smoking').uncheck();
    await page.getByTestId('config-batch-dispatch').click();
    await expect(page).toHaveURL(/\/devicepage\/taskManager\?taskId=\d+$/);
    await expect(drawer.getByTestId('task-progress')).toHaveAttribute('data-done', '2');
    const waiting = drawer.locator(`[data-uuid="${uuids[2]}"]`);
    await expect(waiting.getByTestId('task-state')).toHaveAttribute('data-state', 'queued');
    await expect(drawer.getByTestId('task-state').first()).toHaveAttribute('data-state', 'running');
    await page.screenshot({ path: 'e2e/artifacts/device-task-manager.png', fullPage: true });
    // The drawer with its rows, and the page under it, read well (axe: no serious finding).
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await waiting.getByTestId('task-row-cancel').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(waiting.getByTestId('task-state')).toHaveAttribute('data-state', 'cancelled');
    await expect(drawer.getByTestId('task-state').first()).toHaveAttribute('data-state', 'done');
    // The list shows both tasks, finished.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('task-manager').getByTestId('task-progress').first()).toHaveAttribute('data-total', '3');
    // The device that applied the change reports without smoking detection.
    const deviceId = await listedDeviceId(api, uuids[0] ?? '');
    const reported = await api<{ reported: { settings: { detections: string[]; uploadIntervalSeconds: number } } }>(
      'GET',
      `/v1/device/receiveDeviceConfig?deviceId=${deviceId}`,
    );
    expect(reported.reported.settings.detections).not.toContain('smoking');
    expect(reported.reported.settings.uploadIntervalSeconds).toBe(5);
  } finally {
    await fleet.stop();
  }
});
