import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SimDevice } from '@safety-shield/device-sim';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { chooseOption, companyWithVehicle, expectRowShows, row, simulatedDevice, submitCampaign } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 1000 } });

/** A download started by `click`: its suggested name and its bytes. */
async function downloaded(page: import('@playwright/test').Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path()) ?? '') };
}

test('the Super Admin uploads a firmware package, upgrades two devices live, refused a downgrade, and reads the upgrade list and log', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { api, uuid, key } = await companyWithVehicle(baseURL ?? '', 'Fw');
  // A version no earlier run of this portal uploaded, newer than the devices' 2.0.0.
  const version = `2.${Date.now() % 1_000_000_000}.1`;
  const file = randomBytes(256 * 1024);
  const sha = createHash('sha256').update(file).digest('hex');
  const [first, second, newer] = [`${uuid}-A`, `${uuid}-B`, `${uuid}-N`];
  const devices: SimDevice[] = [
    simulatedDevice(first, key, { firmware: '2.0.0', rebootMs: 500 }),
    simulatedDevice(second, key, { firmware: '2.0.0', rebootMs: 500 }),
    // Runs a newer version than the package: a campaign must not downgrade it.
    simulatedDevice(newer, key, { firmware: '99.0.0', rebootMs: 500 }),
  ];
  try {
    for (const device of devices) expect(await device.start()).toBe(true);
    await expect(async () => {
      const { total } = await api<{ total: number }>('GET', `/v1/device/list?keyword=${uuid}&online=true`);
      expect(total).toBe(3);
    }).toPass({ timeout: 30_000 });
    const model = devices[0]?.model ?? '';
    expect(model).not.toBe('');

    // The library: a package uploaded through the form, its SHA-256 as the server computed it.
    await page.goto('/upgradeCollection/index');
    await logIn(page);
    const upload = page.getByTestId('firmware-upload');
    await upload.getByTestId('firmware-version').fill('two');
    await page.getByTestId('firmware-upload-submit').click();
    await expect(upload.getByText('Not a version the portal can order', { exact: false })).toBeVisible();
    await upload.getByTestId('firmware-version').fill(version);
    const models = upload.getByTestId('firmware-models').locator('input');
    await models.fill(model);
    await models.press('Enter');
    await upload.getByLabel('Release notes').fill('Night mode for the road camera');
    await upload.getByTestId('firmware-file').locator('input[type="file"]').setInputFiles({
      name: 'fw.bin',
      mimeType: 'application/octet-stream',
      buffer: file,
    });
    await expect(upload.getByTestId('firmware-file-facts')).toHaveText('256 kB');
    await page.getByTestId('firmware-upload-submit').click();
    const stored = page.getByTestId('firmware-uploaded');
    await expect(stored).toContainText(`Version ${version} is in the library`);
    await expect(stored.getByTestId('firmware-sha')).toHaveAttribute('data-sha', sha);
    await expect(stored).toContainText(sha);
    const listed = row(page, version);
    await expect(listed.getByTestId('firmware-sha')).toHaveAttribute('data-sha', sha);
    await expect(listed).toContainText(model);
    await page.screenshot({ path: 'e2e/artifacts/firmware-library.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // A campaign that would downgrade a device is refused, naming it.
    await listed.getByTestId('firmware-start-campaign').click();
    await expect(page).toHaveURL(/\/devicepage\/upgradeManager\?packageId=\d+$/);
    const form = page.getByTestId('campaign-form');
    await expect(form.getByTestId('campaign-package')).toContainText(version);
    await submitCampaign(page, [newer]);
    const refusal = form.getByTestId('campaign-refusal');
    await expect(refusal).toContainText('Some devices run a newer version');
    await expect(refusal).toContainText(newer);
    await page.screenshot({ path: 'e2e/artifacts/firmware-campaign-refused.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);

    // The two devices on 2.0.0: their rows move on live until both run the new version.
    await page.goto(page.url());
    await submitCampaign(page, [first, second]);
    await expect(page).toHaveURL(/\/devicepage\/upgradeManager\?taskId=\d+$/);
    const drawer = page.getByTestId('task-drawer');
    await expect(drawer.getByTestId('campaign-summary')).toContainText(`Upgrade to ${version}`);
    for (const done of [first, second]) {
      const line = drawer.locator(`[data-uuid="${done}"]`);
      await expect(line.getByTestId('task-state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      await expect(line.getByTestId('row-progress')).toHaveAttribute('data-percent', '100');
    }
    await expect(drawer.getByTestId('task-progress')).toHaveAttribute('data-done', '2');
    expect(devices[0]?.firmwareVersion).toBe(version);
    expect(devices[1]?.firmwareVersion).toBe(version);
    await page.screenshot({ path: 'e2e/artifacts/firmware-campaign.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).click();
    const campaigns = page.getByTestId('upgrade-campaigns');
    await expect(campaigns.getByTestId('task-progress').first()).toHaveAttribute('data-done', '2');
    await expect(row(page, version).getByTestId('task-state')).toHaveAttribute('data-state', 'done');

    // The upgrade list: each device runs the new version; the .xlsx export.
    await page.goto(`/devicepage/upgrade-list?keyword=${encodeURIComponent(uuid)}`);
    await expect(page.getByTestId('upgrade-list').locator('.ant-table-row')).toHaveCount(3);
    await expectRowShows(page, first, version, 'Done');
    await expectRowShows(page, newer, '99.0.0');
    await page.screenshot({ path: 'e2e/artifacts/firmware-upgrade-list.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    const sheet = await downloaded(page, () => page.getByTestId('upgrade-list-export').click());
    expect(sheet.name).toMatch(/\.xlsx$/);
    expect(sheet.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // The device upgrade log: one attempt a device, from 2.0.0 to the new version; the CSV export.
    await page.goto(`/system/deviceLog?keyword=${encodeURIComponent(uuid)}`);
    const log = page.getByTestId('device-upgrade-log');
    await expect(log.locator('.ant-table-row')).toHaveCount(2);
    await expectRowShows(page, first, version, `2.0.0 → ${version}`, 'Upgraded');
    await page.screenshot({ path: 'e2e/artifacts/firmware-upgrade-log.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    const csv = await downloaded(page, () => log.getByRole('button', { name: 'Export CSV' }).click());
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Ended (UTC),Started (UTC),Device,Package version,From version,To version,Result,Reason');
    expect(lines.filter((line) => line.includes(`,${version},2.0.0,${version},Upgraded`))).toHaveLength(2);

    // A second package for every model, to the devices the filters select (those running the first one); one of them
    // is offline and waits: the campaign is paused, resumed and aborted from the list.
    await devices[1]?.stop();
    await expect(async () => {
      const { total } = await api<{ total: number }>('GET', `/v1/device/list?keyword=${uuid}&online=true`);
      expect(total).toBe(2);
    }).toPass({ timeout: 30_000 });
    const next = `${version}.1`;
    await page.goto('/upgradeCollection/index');
    await upload.getByTestId('firmware-version').fill(next);
    await upload
      .getByTestId('firmware-file')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'fw-next.bin',
        mimeType: 'application/octet-stream',
        buffer: randomBytes(4096),
      });
    await page.getByTestId('firmware-upload-submit').click();
    await expect(page.getByTestId('firmware-uploaded')).toContainText(`Version ${next} is in the library`);
    await expect(row(page, next)).toContainText('Every model');
    await row(page, next).getByTestId('firmware-start-campaign').click();
    await form.getByTestId('campaign-target').getByText('By filters').click();
    await chooseOption(page, form, 'Running version', version);
    await expect(form.getByTestId('campaign-matching')).toContainText('Devices the filters select: 2');
    await form.getByTestId('campaign-submit').click();
    await expect(page).toHaveURL(/\/devicepage\/upgradeManager\?taskId=\d+$/);
    await expect(drawer.locator(`[data-uuid="${first}"] [data-testid="task-state"]`)).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    await expect(drawer.locator(`[data-uuid="${second}"] [data-testid="task-state"]`)).toHaveAttribute('data-state', 'queued');
    await drawer.getByRole('button', { name: 'Close' }).click();
    const running = row(page, next);
    const confirm = async (action: string) => {
      await running.getByTestId(`campaign-${action.toLowerCase()}`).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: action }).click();
    };
    await confirm('Pause');
    await expect(running.getByTestId('campaign-control')).toHaveAttribute('data-control', 'paused');
    await expect(running).toContainText('paused by admin');
    await page.screenshot({ path: 'e2e/artifacts/firmware-campaigns.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
    await confirm('Resume');
    await expect(running.getByTestId('campaign-control')).toHaveAttribute('data-control', 'active');
    await confirm('Abort');
    await expect(running.getByTestId('campaign-control')).toHaveAttribute('data-control', 'aborted');
    await expect(running.getByTestId('task-progress')).toHaveAttribute('data-done', '1');
    await expect(running.getByTestId('task-state')).toHaveAttribute('data-state', 'done');

    // The device list hands the ticked devices to a new campaign.
    await page.goto(`/devicepage/list?keyword=${uuid}`);
    const ticked = page.getByTestId('device-list').locator('.ant-table-row');
    await expect(ticked).toHaveCount(3);
    for (const i of [0, 1]) await ticked.nth(i).locator('.ant-checkbox-input').check();
    await page.getByTestId('upgrade-selected').click();
    // The ids travel as one query field, its commas encoded.
    await expect(page).toHaveURL(/\/devicepage\/upgradeManager\?deviceIds=\d+%2C\d+$/);
    await expect(form.getByText('Devices chosen in the device list: 2')).toBeVisible();

    // On a phone the new-campaign form fits the window and reads well.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/devicepage/upgradeManager?new=1');
    await form.getByTestId('campaign-target').getByText('By filters').click();
    await expect(form.getByTestId('campaign-matching')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'e2e/artifacts/firmware-campaign-form-390.png', fullPage: true });
    expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
  } finally {
    for (const device of devices) await device.stop();
  }
});
