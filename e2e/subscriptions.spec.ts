import { adminApi, chooseOption, chooseOrg, row, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test('the Super Admin subscribes a company, suspends the subscription and reads the month’s usage', async ({ page, baseURL }) => {
  const api = await adminApi(baseURL ?? '');
  const agentName = unique('Agent');
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: agentName });
  const company = unique('Subscriber');
  await api('POST', '/v1/org/company', { parentId: agent.id, name: company });

  await page.goto('/subscribe/list');
  await logIn(page);
  await expect(page).toHaveURL(/\/subscribe\/list$/);

  // The company is required; plan and period start from sensible defaults.
  await page.getByRole('button', { name: 'Add subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add subscription' });
  // A click that lands while the dialog is still zooming in may be lost: try again until the form answers.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Save' }).click({ timeout: 2_000 });
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: 'Choose a company' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByText('Please enter the device quota')).toBeVisible();
  await chooseOrg(page, dialog, 'Company', company);
  await chooseOption(page, dialog, 'Plan', 'Premium');
  await dialog.getByLabel('Device quota').fill('25');
  await page.screenshot({ path: 'e2e/artifacts/subscription-dialog.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const subscription = row(page, company);
  await expect(subscription).toContainText(agentName);
  await expect(subscription).toContainText('Premium');
  await expect(subscription).toContainText('25');
  await expect(subscription).toContainText('Active');

  // Suspending asks first.
  await subscription.getByRole('button', { name: 'Suspend' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(`Suspend the subscription of ${company}?`);
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(subscription).toContainText('Suspended');
  await expect(subscription.getByRole('button', { name: 'Resume' })).toBeVisible();

  // The state filter lives in the URL.
  await chooseOption(page, page.getByTestId('filter-bar'), 'State', 'Suspended');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/state=suspended/);
  await expect(row(page, company)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/subscription-list.png', fullPage: true });

  // This month's usage (UTC months): nothing used yet, and no active subscription's quota while suspended.
  await page.goto('/subscribe/usage');
  const month = new Date().toISOString().slice(0, 7);
  const filters = page.getByTestId('filter-bar');
  await expect(filters.getByLabel('Month')).toHaveValue(month);
  await filters.getByLabel('Company').fill(company);
  await filters.getByRole('button', { name: 'Search' }).click();
  const usage = row(page, company);
  await expect(usage).toContainText(agentName);
  await expect(usage).toContainText('0 / —');
  await expect(usage).toContainText('0 bytes');
  await expect(page.getByText(`Usage in ${month} (UTC)`)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/subscription-usage.png', fullPage: true });
});
