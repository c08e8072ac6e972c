import type { Page } from '@playwright/test';
import { companyWithVehicle, pushReady, READY_PASSWORD, row, withBoundDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 } });

/** The popconfirm on screen, answered with its button. */
async function confirm(page: Page, text: string | RegExp, button: string) {
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toContainText(text);
  await pop.getByRole('button', { name: button }).click();
}

test('a collision arrives live, is commented, reviewed, binned and restored; the tag page switches a tag', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const portal = baseURL ?? '';
  const setup = await companyWithVehicle(portal, 'INC');
  const { admin, plate } = setup;
  // A simulated device connects with the company's key and is bound to the vehicle.
  await withBoundDevice(setup, { gpsIntervalMs: 1_000, gpsBatch: 1 }, async (device, uuid) => {
    // The Company Admin watches the (empty) incident list, its push socket live.
    const live = pushReady(page);
    await page.goto('/event/list');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/event\/list$/);
    const list = page.getByTestId('event-list');
    // Only an answered list proves anything: an empty table also shows while the first page loads.
    await expect(list.locator('.ant-empty-description')).toHaveText('No data');
    await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
    await live;

    // The device reports a collision: it shows up without a reload.
    device.raiseIncident('collision');
    await expect(row(page, plate)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('new-incidents')).toContainText('New incidents since you opened the list: 1');
    const incidentRow = row(page, plate);
    await expect(incidentRow.getByTestId('incident-type')).toHaveText('Collision');
    await expect(incidentRow).toContainText('Unread');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/incidents-list.png', fullPage: true, animations: 'disabled' });

    // Its page: type, plate, review state, the map and the evidence.
    await incidentRow.getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(/\/event\/\d+$/);
    const detail = page.getByTestId('event-detail');
    await expect(detail.getByTestId('incident-type')).toHaveText('Collision');
    await expect(detail.getByRole('link', { name: plate })).toBeVisible();
    await expect(detail.getByTestId('review-state')).toHaveText('Unread');
    await expect(detail.getByTestId('event-facts')).toContainText(uuid);
    // Issue 16: the position is named by its nearest town (the simulator drives in Norway and Sweden), the
    // coordinates on a line under it.
    const place = detail.getByTestId('event-facts').getByTestId('place-name');
    await expect(place).toContainText(/, (Norway|Sweden)/);
    await expect(place).toContainText(/\d+\.\d{5}, \d+\.\d{5}/);
    await expect(detail.getByTestId('event-map')).toBeVisible();
    await expect(detail.getByTestId('history')).toContainText('Incident arrived');
    // The simulator's evidence is announced but not uploaded: the player's place says so, first on the page (issue 29).
    await expect(detail.getByTestId('evidence-placeholder')).toContainText('Evidence not uploaded yet');
    const evidenceTop = (await detail.getByTestId('evidence').boundingBox())?.y ?? Infinity;
    expect(evidenceTop).toBeLessThan((await detail.getByTestId('event-map').boundingBox())?.y ?? 0);

    // A blank comment is refused before it is sent; a real one is listed.
    const comments = detail.getByTestId('comments');
    await comments.getByRole('textbox').fill('   ');
    await comments.getByTestId('post-comment').click();
    await expect(comments.getByText('Please enter the comment!')).toBeVisible();
    await comments.getByRole('textbox').fill('Driver called: nobody hurt.');
    await comments.getByTestId('post-comment').click();
    await expect(comments.locator('.ant-list-item', { hasText: 'Driver called: nobody hurt.' })).toBeVisible();
    await expect(comments).toContainText('Comments (1)');

    // Mark it reviewed.
    await detail.getByTestId('mark-reviewed').click();
    const review = page.getByRole('dialog', { name: 'Mark reviewed' });
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(review).toBeHidden();
    await expect(detail.getByTestId('review-state')).toHaveText('Reviewed');
    await expect(detail.getByTestId('history')).toContainText('Marked reviewed');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/incidents-detail.png', fullPage: true, animations: 'disabled' });

    // Back in the list: reviewed, then into the recycle bin.
    await page.goto('/event/list');
    await expect(row(page, plate)).toContainText('Reviewed');
    await row(page, plate).getByRole('checkbox').check();
    await page.getByTestId('event-batch-delete').click();
    await confirm(page, 'Move the selected incidents (1) to the recycle bin?', 'Delete (1)');
    await expect(row(page, plate)).toHaveCount(0);

    // The recycle bin has it; restoring puts it back in the list.
    await page.getByRole('link', { name: 'Recycle bin' }).click();
    await expect(page).toHaveURL(/\/event\/recycleBin$/);
    await expect(row(page, plate)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/incidents-recycle-bin.png', fullPage: true, animations: 'disabled' });
    await row(page, plate).getByTestId('bin-restore').click();
    await confirm(page, 'Put these incidents (1) back in the list?', 'Restore');
    await expect(row(page, plate)).toHaveCount(0);
    await page.goto('/event/list');
    await expect(row(page, plate)).toBeVisible();

    // The tag page: the default tags, one switch turned.
    await page.getByRole('link', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/event\/tag\/list$/);
    const tags = page.getByTestId('tag-table');
    await expect(tags.locator('.ant-table-row')).toHaveCount(3);
    const videoSwitch = tags.locator('.ant-table-row').first().getByTestId('tag-switch-receiveVideo');
    const before = await videoSwitch.getAttribute('aria-checked');
    await videoSwitch.click();
    await expect(page.getByText('State changed')).toBeVisible();
    await expect(videoSwitch).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/incidents-tags.png', fullPage: true, animations: 'disabled' });

    // Narrow window: the list and the incident still fit (tables scroll inside their cards).
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/event/list');
    await expect(row(page, plate)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/incidents-list-800.png', fullPage: true, animations: 'disabled' });
    await row(page, plate).getByRole('link', { name: 'Detail' }).click();
    await expect(page.getByTestId('event-detail')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/incidents-detail-800.png', fullPage: true, animations: 'disabled' });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId('place-name')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `e2e/artifacts/incidents-detail-place-${width}.png`, fullPage: true, animations: 'disabled' });
    }
  });
});
