import { randomBytes } from 'node:crypto';
import { seriousAxeFindings } from './axe.js';
import { readyCompanyAdmin } from './console.js';
import { expect, expectNoSidewaysScroll, test } from './fixtures.js';
import { readMail } from './mail.js';

test.use({ companyLabel: 'RSC', viewport: { width: 1440, height: 900 } });

/**
 * Issue 29: a recipient who cannot receive the report is marked in the picker with the reason and where to fix it;
 * saving warns; "Send now" names each recipient it missed and why; every send is the schedule's last delivery.
 */
test('a recipient without an e-mail address is marked, warned about, named with the reason after a send, and fixed through the link', async ({
  page,
  portal,
  companySetup,
}) => {
  test.setTimeout(180_000);
  const { api, admin, fleetOrg } = companySetup;
  // Two Fleet Admins below the Company Admin: one with an address, one without.
  const reader = await readyCompanyAdmin(portal, api, fleetOrg.id, 'rcpt', 'fleet');
  const address = `r${randomBytes(5).toString('hex')}@example.org`;
  const profile = await fetch(`${portal}/v1/account/selfInfo`, {
    method: 'PUT',
    headers: { 'x-token': reader.token, 'content-type': 'application/json' },
    body: JSON.stringify({ email: address }),
  });
  expect(((await profile.json()) as { code: number }).code).toBe(200);
  const silent = await readyCompanyAdmin(portal, api, fleetOrg.id, 'quiet', 'fleet');

  await page.goto('/404');
  await page.evaluate((token) => sessionStorage.setItem('safety-shield-token', token), admin.token);
  await page.goto('/statistics/report?range=today&tab=scheduled');
  await page.getByTestId('report-schedule-add').click();
  const drawer = page.getByTestId('report-schedule-drawer');
  await drawer.getByTestId('report-schedule-name').fill('Fleet weekly');
  const picker = drawer.getByTestId('report-schedule-recipients');
  const pick = async (username: string, shown: RegExp) => {
    await picker.click();
    await page.keyboard.type(username);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: username });
    // The picker says, before anything is chosen, that this account cannot receive and why.
    await expect(option).toHaveText(shown);
    await option.click();
    await page.keyboard.press('Escape');
  };
  await pick(reader.username, new RegExp(`^${reader.username} · Fleet Admin$`));
  await expect(drawer.getByTestId('report-schedule-cannot-receive')).toHaveCount(0);
  await pick(silent.username, new RegExp(`^${silent.username} · Fleet Admin \\(no e-mail address\\)$`));

  // Chosen, it is listed with the reason and a link to the account's page, where its address is added.
  const problems = drawer.getByTestId('report-schedule-cannot-receive');
  await expect(problems).toContainText(`${silent.username}: no e-mail address`);
  const fix = problems.getByRole('link', { name: 'Add an e-mail address' });
  await expect(fix).toHaveAttribute('href', /\/account\/edit\?uid=\d+$/);
  await expectNoSidewaysScroll(page);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/report-schedule-cannot-receive.png', animations: 'disabled' });

  // Saving warns and names whom; going back keeps the form, "Save anyway" saves.
  await drawer.getByTestId('report-schedule-save').click();
  const warning = page.getByRole('dialog', { name: '1 recipient will get nothing' });
  await expect(warning.getByTestId('report-schedule-save-warning')).toHaveText(`${silent.username}: no e-mail address`);
  await warning.getByRole('button', { name: 'Go back' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('report-schedule-save').click();
  await page.getByRole('dialog', { name: '1 recipient will get nothing' }).getByRole('button', { name: 'Save anyway' }).click();
  const schedule = page.getByTestId('report-schedules').locator('.ant-table-row', { hasText: 'Fleet weekly' });
  await expect(schedule).toContainText('2 recipients');
  await expect(schedule.getByTestId('report-schedule-cannot-receive-count')).toHaveText('1 cannot receive');
  await expect(schedule).toContainText('Not sent yet');

  // Send now: who did not get it and why; the last delivery says so too.
  await schedule.getByTestId('report-schedule-send').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(`The report went to 1 recipient. Not received: ${silent.username}: no e-mail address.`)).toBeVisible();
  expect((await readMail(address)).raw).toContain('filename=safety-report-');
  const delivery = schedule.getByTestId('report-schedule-delivery');
  await expect(delivery).toContainText('Sent: 1 of 2');
  await expect(delivery.getByTestId('report-schedule-missed')).toHaveText(`${silent.username}: no e-mail address`);
  await expect(schedule).not.toContainText('Not sent yet');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/report-schedule-sent.png', animations: 'disabled' });

  // The fix: the link opens the account, an address is added; the next send reaches both.
  await schedule.getByTestId('report-schedule-edit').click();
  await drawer.getByTestId('report-schedule-cannot-receive').getByRole('link', { name: 'Add an e-mail address' }).click();
  await expect(page).toHaveURL(/\/account\/edit\?uid=\d+$/);
  const second = `q${randomBytes(5).toString('hex')}@example.org`;
  const form = page.getByTestId('account-form');
  await form.getByLabel('E-mail').fill(second);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/account\/list/);
  await page.goto('/statistics/report?range=today&tab=scheduled');
  await expect(schedule.getByTestId('report-schedule-cannot-receive-count')).toHaveCount(0);
  await schedule.getByTestId('report-schedule-send').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('The report went to 2 recipients.')).toBeVisible();
  await expect(delivery).toContainText('Sent: 2 of 2');
  await expect(delivery.getByTestId('report-schedule-missed')).toHaveCount(0);
  expect((await readMail(second)).raw).toContain('filename=safety-report-');

  // A phone: the list and the drawer's warning fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
