import { companyWithVehicle, READY_PASSWORD, row, withBoundDevice } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

test('a reviewed incident is marked from its page, waits in the queue, is coached with a note and shows as coached', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const setup = await companyWithVehicle(baseURL ?? '', 'COA');
  const { admin, plate } = setup;
  await withBoundDevice(setup, { gpsIntervalMs: 60_000, gpsBatch: 1 }, async (device) => {
    device.raiseIncident('fatigue');
    await page.goto('/event/list');
    await logIn(page, admin.username, READY_PASSWORD);
    await expect(row(page, plate)).toBeVisible({ timeout: 30_000 });
    await row(page, plate).getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(/\/event\/\d+$/);
    const incidentUrl = page.url();
    const detail = page.getByTestId('event-detail');
    const card = detail.getByTestId('coaching-card');

    // Unread: not to be marked yet.
    await expect(card.getByTestId('coaching-state')).toHaveText('Not marked');
    await expect(card).toContainText('only a reviewed incident can be marked');
    await expect(card.getByTestId('coaching-mark')).toHaveCount(0);

    // Reviewed, then marked as needing coaching with a reason.
    await detail.getByTestId('mark-reviewed').click();
    const review = page.getByRole('dialog', { name: 'Mark reviewed' });
    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(detail.getByTestId('review-state')).toHaveText('Reviewed');
    await card.getByTestId('coaching-mark').click();
    const mark = page.getByRole('dialog', { name: 'Mark as needing coaching' });
    await mark.getByTestId('coaching-note').fill('Yawning at the wheel twice');
    await mark.getByRole('button', { name: 'Mark' }).click();
    await expect(mark).toBeHidden();
    await expect(card.getByTestId('coaching-state')).toHaveText('Needs coaching');
    await expect(card.getByTestId('coaching-facts')).toContainText('Yawning at the wheel twice');
    await expect(detail.getByTestId('history')).toContainText('Marked as needing coaching');

    // The queue: in the open list, the longest waiting first, with its type, plate and who marked it.
    await page.goto('/event/coaching');
    const queue = page.getByTestId('coaching-queue');
    const waiting = row(page, plate);
    await expect(waiting).toBeVisible();
    await expect(waiting.getByTestId('incident-type')).toHaveText('Fatigue');
    await expect(waiting).toContainText(admin.username);
    await expect(queue.getByTestId('coaching-count')).toHaveText('1 incident waits for coaching');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/coaching-queue-1440.png', fullPage: true, animations: 'disabled' });

    // Coaching takes a note: a blank one is refused in the dialog.
    await waiting.getByTestId('queue-coach').click();
    const coach = page.getByRole('dialog', { name: 'Record the coaching' });
    await expect(coach.getByTestId('coaching-dialog-subject')).toContainText(`Fatigue · ${plate}`);
    await coach.getByTestId('coaching-note').fill('   ');
    await coach.getByRole('button', { name: 'Record coaching' }).click();
    await expect(coach.getByText('Please enter what was discussed with the driver')).toBeVisible();
    await coach.getByTestId('coaching-note').fill('Talked about rest breaks; plans a stop every two hours.');
    await coach.getByRole('button', { name: 'Record coaching' }).click();
    await expect(coach).toBeHidden();
    await expect(page.getByText('Coaching recorded')).toBeVisible();

    // Gone from the open queue; listed as coached.
    await expect(row(page, plate)).toHaveCount(0);
    await expect(queue.getByTestId('coaching-count')).toHaveText('Nothing waits for coaching');
    await page.goto('/event/coaching?state=coached');
    await expect(row(page, plate).getByTestId('coaching-state')).toHaveText('Coached');

    // The incident says so, with the coach and the note.
    await page.goto(incidentUrl);
    await expect(card.getByTestId('coaching-state')).toHaveText('Coached');
    await expect(card.getByTestId('coaching-facts')).toContainText(admin.username);
    await expect(card.getByTestId('coaching-closing-note')).toHaveText('Talked about rest breaks; plans a stop every two hours.');
    await expect(card.getByTestId('coaching-reopen')).toBeVisible();
    await expect(detail.getByTestId('history')).toContainText('Driver coached');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/coaching-detail-1440.png', fullPage: true, animations: 'disabled' });

    // Narrow: the queue and the incident fit 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByTestId('coaching-state')).toHaveText('Coached');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/coaching-detail-390.png', fullPage: true, animations: 'disabled' });
    await page.goto('/event/coaching?state=all');
    await expect(row(page, plate)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/coaching-queue-390.png', fullPage: true, animations: 'disabled' });
  });
});
