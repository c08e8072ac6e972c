import { READY_PASSWORD } from './console.js';
import { collisionWithEvidence } from './evidence-fixture.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 900 } });

test('a picture viewed on an incident shows in its evidence access list for an admin', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const { admin, device, detail } = await collisionWithEvidence(portal, 'ACC', (found) => {
    expect(found.resources.some((resource) => resource.kind === 'picture' && resource.state >= 4)).toBe(true);
  });
  try {
    const eventId = detail.eventId;

    // The company's admin opens the incident: its picture is served to the browser.
    await page.goto(`/event/${eventId}`);
    await logIn(page, admin.username, READY_PASSWORD);
    const picture = page.getByTestId('evidence').getByTestId('evidence-picture').locator('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The admin who viewed it sees the list too (the roles that see the incident).
    await expect(page.getByTestId('evidence-access')).toBeVisible();

    // The Super Admin, in a browser of its own, finds that view in the incident's evidence access list.
    const other = await browser.newContext({ baseURL: portal, viewport: { width: 1400, height: 900 } });
    try {
      const superPage = await other.newPage();
      await superPage.goto(`/event/${eventId}`);
      await logIn(superPage);
      const access = superPage.getByTestId('evidence-access');
      const viewed = access.getByRole('row').filter({ hasText: admin.username }).filter({ hasText: 'Picture' });
      await expect(async () => {
        await access.getByTestId('evidence-access-refresh').click();
        await expect(viewed).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(viewed).toContainText('Viewed');
      // The address the browser came from.
      await expect(viewed).toContainText(/127\.0\.0\.1|::1/);
      await access.scrollIntoViewIfNeeded();
      await superPage.screenshot({ path: 'e2e/artifacts/evidence-access.png', fullPage: true, animations: 'disabled' });

      // The operation log shows the same view as a line of its own kind.
      const logLine = superPage.getByTestId('operation-log-system').getByRole('row').filter({ hasText: 'View an incident picture' });
      await superPage.goto(`/system/log?action=evidence.picture.view&username=${encodeURIComponent(admin.username)}`);
      await expect(async () => {
        if (!(await logLine.count())) await superPage.reload();
        await expect(logLine).toHaveCount(1, { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(logLine).toContainText('127.0.0.1');
    } finally {
      await other.close();
    }
  } finally {
    await device.stop();
  }
});
