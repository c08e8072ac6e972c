import type { Locator, Page } from '@playwright/test';
import { companyWithVehicle, row, withBoundDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** A table's header cells of data columns (not selection, expand or actions), in the order they show. */
const dataHeaders = (table: Locator) =>
  table.locator('.ant-table-thead th.ant-table-cell:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)');

async function headerTexts(table: Locator): Promise<string[]> {
  return (await dataHeaders(table).allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/**
 * Every column the table shows is fully in view: inside the table, left of the pinned actions column, and the table
 * has nothing to scroll sideways (issue 16: columns hid behind the actions column).
 */
async function expectNothingClipped(table: Locator) {
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  const scroller = table.locator('.ant-table-content');
  const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(1);
  const box = await table.boundingBox();
  const actions = await table.locator('.ant-table-thead th', { has: table.page().getByTestId('column-settings') }).boundingBox();
  expect(box && actions).toBeTruthy();
  if (!box || !actions) return;
  const headers = dataHeaders(table);
  const count = await headers.count();
  for (let index = 0; index < count; index++) {
    const header = headers.nth(index);
    if (await header.getByTestId('column-settings').count()) continue;
    const cell = await header.boundingBox();
    const name = await header.innerText();
    expect(cell, name).toBeTruthy();
    if (!cell) continue;
    expect(cell.width, `${name} has room`).toBeGreaterThan(20);
    expect(cell.x + cell.width, `${name} ends before the actions column`).toBeLessThanOrEqual(actions.x + 1);
    expect(cell.x, `${name} starts inside the table`).toBeGreaterThanOrEqual(box.x - 1);
  }
}

async function openPicker(page: Page, table: Locator) {
  const settings = table.getByRole('button', { name: 'Column settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('column-picker');
  await expect(picker).toBeVisible();
  // Opening moves the focus into the picker, so a keyboard user goes on from there.
  await expect(picker.locator(':focus')).toHaveCount(1);
  return picker;
}

async function closePicker(page: Page, table: Locator) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('column-picker')).toBeHidden();
  await expect(table.getByRole('button', { name: 'Column settings' })).toBeFocused();
}

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: `e2e/artifacts/table-columns-${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** At 390 px: key, actions and at least one more column; the others' values in the row's expanded part. */
async function expectHiddenValuesReachable(page: Page, table: Locator, expected: Record<string, string | RegExp>) {
  await page.setViewportSize({ width: 390, height: 844 });
  // The list holds one row; what it shows at 390 px need not include the text the test searched for.
  const first = table.locator('.ant-table-row').first();
  await expect(first).toBeVisible();
  await expectNothingClipped(table);
  expect((await headerTexts(table)).length).toBeGreaterThanOrEqual(2);
  const expand = first.getByRole('button', { name: /expand row/i });
  await expand.focus();
  await page.keyboard.press('Enter');
  const values = table.getByTestId('hidden-values').first();
  await expect(values).toBeVisible();
  for (const [label, value] of Object.entries(expected)) {
    const item = values.locator('.ant-descriptions-item', { has: page.locator('.ant-descriptions-item-label', { hasText: label }) });
    await expect(item, label).toContainText(value);
  }
  await page.screenshot({
    path: `e2e/artifacts/table-columns-${await table.getAttribute('data-testid')}-390-expanded.png`,
    fullPage: true,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('lists fit their columns to the width, hide and reorder them by keyboard, remember the choice and show the rest in the row', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const setup = await companyWithVehicle(baseURL ?? '', 'COL');
  await withBoundDevice(setup, { gpsIntervalMs: 1_000, gpsBatch: 1 }, async (device, uuid) => {
    device.raiseIncident('collision');

    // The device list, as the Super Admin, at 1440 px with the sidebar open.
    await page.goto(`/devicepage/list?keyword=${encodeURIComponent(uuid)}`);
    await logIn(page, 'admin');
    const devices = page.getByTestId('device-list');
    await expect(row(page, uuid)).toBeVisible({ timeout: 30_000 });
    await expectNothingClipped(devices);
    await page.screenshot({ path: 'e2e/artifacts/table-columns-device-list-start.png', animations: 'disabled' });
    const defaults = await headerTexts(devices);
    expect(defaults.length, `shown at 1440: ${defaults.join(', ')}`).toBeGreaterThanOrEqual(6);
    expect(defaults).toEqual(expect.arrayContaining(['Device UUID', 'Licence plate', 'State', 'Company / fleet']));

    // Hide a column and move another one, by keyboard only.
    let picker = await openPicker(page, devices);
    const plateBox = picker.getByRole('checkbox', { name: 'Licence plate' });
    await plateBox.focus();
    await page.keyboard.press('Space');
    await expect(plateBox).not.toBeChecked();
    const moveState = picker.getByRole('button', { name: 'Move State up' });
    await moveState.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The focus stays with the column that moved, so it can go on moving.
    await expect(picker.getByRole('button', { name: /Move State (up|down)/ }).and(page.locator(':focus'))).toHaveCount(1);
    await closePicker(page, devices);
    const chosen = await headerTexts(devices);
    expect(chosen).not.toContain('Licence plate');
    expect(chosen[1]).toBe('State');
    await expectNothingClipped(devices);

    // The choice holds after a reload (kept per account and table).
    await page.reload();
    await expect(row(page, uuid)).toBeVisible();
    expect(await headerTexts(devices)).toEqual(chosen);

    // The switched-off column's value is still in the row's expanded part.
    await row(page, uuid)
      .getByRole('button', { name: /expand row/i })
      .click();
    await expect(devices.getByTestId('hidden-values').first()).toContainText(setup.plate);

    // Reset to default.
    picker = await openPicker(page, devices);
    await picker.getByRole('button', { name: 'Reset to default' }).click();
    await expect(picker.getByRole('checkbox', { name: 'Licence plate' })).toBeChecked();
    await closePicker(page, devices);
    expect(await headerTexts(devices)).toEqual(defaults);
    await page.reload();
    await expect(row(page, uuid)).toBeVisible();
    expect(await headerTexts(devices)).toEqual(defaults);

    await screenshots(page, 'device-list');
    await expectHiddenValuesReachable(page, devices, { 'Company / fleet': /COL Co/, ICCID: /./ });

    // The incident list: same machinery, with row selection.
    await page.goto(`/event/list?plate=${encodeURIComponent(setup.plate)}`);
    const incidents = page.getByTestId('event-table');
    await expect(row(page, setup.plate)).toBeVisible({ timeout: 30_000 });
    await expectNothingClipped(incidents);
    const incidentHeaders = await headerTexts(incidents);
    expect(incidentHeaders).toEqual(expect.arrayContaining(['Trigger time', 'Type', 'Licence plate', 'Review state', 'Speed', 'Evidence']));

    picker = await openPicker(page, incidents);
    const typeBox = picker.getByRole('checkbox', { name: 'Type' });
    await typeBox.focus();
    await page.keyboard.press('Space');
    await closePicker(page, incidents);
    await page.reload();
    await expect(row(page, setup.plate)).toBeVisible();
    expect(await headerTexts(incidents)).not.toContain('Type');
    picker = await openPicker(page, incidents);
    await picker.getByRole('button', { name: 'Reset to default' }).click();
    await closePicker(page, incidents);
    expect(await headerTexts(incidents)).toEqual(incidentHeaders);

    await screenshots(page, 'event-table');
    await expectHiddenValuesReachable(page, incidents, { Fleet: /Fleet/, Speed: /km\/h|—/ });
  });
});
