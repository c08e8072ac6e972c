import type { Locator, Page } from '@playwright/test';
import type { ClauseRecord, Page as ListPage } from '@safety-shield/contract';
import { adminApi, row, unique } from './console.js';
import { changePassword, expect, logIn, test } from './fixtures.js';

const FIRST_PASSWORD = 'Welcome-2026-Terms';
const NEW_PASSWORD = 'Signed#Terms2026x';

// Clause HTML with safe formatting and every kind of markup the console must not run or show as markup.
const CONTENT = [
  '<h2>Safe driving terms</h2>',
  '<p onclick="window.__pwned = 1">Drive <strong>safely</strong> and <em>rest</em> often.</p>',
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 1">',
  '<iframe src="https://example.com/frame"></iframe>',
  '<svg onload="window.__pwned = 1"><text>svg text</text></svg>',
  '<p style="color:red">Styled</p>',
  '<a href="javascript:window.__pwned = 1">bad link</a>',
  '<a href="https://example.com/terms">good link</a>',
].join('');

/** The clause must not have run or kept anything but the allow-list. */
async function expectSanitised(page: Page, scope: Locator) {
  await expect(scope.getByRole('heading', { name: 'Safe driving terms' })).toBeVisible();
  await expect(scope.locator('strong')).toHaveText('safely');
  await expect(scope.locator('script, img, iframe, svg, [onclick], [onerror], [style]')).toHaveCount(0);
  await expect(scope.getByText('svg text')).toHaveCount(0);
  await expect(scope.locator('a', { hasText: 'bad link' })).toHaveCount(0);
  await expect(scope.getByText('bad link')).toBeVisible();
  const good = scope.getByRole('link', { name: 'good link' });
  await expect(good).toHaveAttribute('href', 'https://example.com/terms');
  await expect(good).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(good).toHaveAttribute('target', '_blank');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

test('a must-check clause of the Super Admin blocks a Company Admin until agreed, and the agreement is logged', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL ?? '');
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique('Agent') });
  const companyName = unique('Terms company');
  const company = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: companyName });
  const username = unique('terms').replace(' ', '.');
  await api('POST', '/v1/account/register/company', { username, password: FIRST_PASSWORD, rePassword: FIRST_PASSWORD, orgId: company.id });
  const title = unique('Safe driving');
  let clauseId: number | undefined;

  try {
    // The Super Admin writes the clause in the console; the preview shows it already cleaned.
    await page.goto('/clause/add');
    await logIn(page);
    await expect(page).toHaveURL(/\/clause\/add$/);
    const form = page.getByTestId('clause-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please enter the title')).toBeVisible();
    await expect(form.getByText('Please enter the content')).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByText('Each user (own)').click();
    await form.getByLabel('Must check').click();
    await form.getByLabel('Content (HTML)').fill(CONTENT);
    await expectSanitised(page, page.getByTestId('clause-preview'));
    await page.screenshot({ path: 'e2e/artifacts/clause-add.png', fullPage: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/clause\/list/);
    await expect(row(page, title)).toContainText('Platform');
    await expect(row(page, title)).toContainText('Yes');
    await expect(row(page, title)).toContainText('Each user (own)');
    const found = await api<ListPage<ClauseRecord>>('GET', `/v1/clause/list?title=${encodeURIComponent(title)}`);
    clauseId = found.records[0]?.clauseId;
    expect(clauseId).toBeDefined();

    // The Company Admin, in a browser of its own: SPEC section 2 puts the own terms first, then the first-login password.
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    await admin.goto('/login');
    await logIn(admin, username, FIRST_PASSWORD);
    await expect(admin).toHaveURL(/\/self\/index\?firstTime=true$/);

    // Any other page leads back to the clause while it waits.
    await admin.goto('/account/list');
    await expect(admin).toHaveURL(/\/self\/index\?firstTime=true$/);

    const pending = admin.getByTestId(`pending-clause-${clauseId}`);
    await expect(pending).toContainText(title);
    await expect(pending).toContainText('Must check');
    await expectSanitised(admin, pending.getByTestId('clause-content'));
    await admin.screenshot({ path: 'e2e/artifacts/clause-accept.png', fullPage: true });

    // Cancelling a must-check clause asks first and says the console stays blocked.
    await pending.getByRole('button', { name: 'Cancel' }).click();
    await expect(admin.getByText('the console stays blocked until you agree to it')).toBeVisible();
    await admin.getByRole('button', { name: 'Back' }).click();

    await pending.getByRole('button', { name: 'Agree' }).click();
    await expect(admin.getByText('Thank you, your agreement is saved')).toBeVisible();

    // Then the first-login password change, and the console opens.
    await changePassword(admin, FIRST_PASSWORD, NEW_PASSWORD);
    await expect(admin.getByTestId('dashboard-role')).toHaveText('Company Admin');
    await context.close();

    // The Super Admin finds the agreement in the clause log, with the user's local time.
    await page.goto('/clause/log');
    const filters = page.getByTestId('filter-bar');
    await filters.getByLabel('Username').fill(username);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/username=/);
    const line = row(page, username);
    await expect(line).toContainText(title);
    await expect(line).toContainText('v1');
    await expect(line).toContainText(companyName);
    await expect(line).toContainText('Agreed');
    await expect(line).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await page.screenshot({ path: 'e2e/artifacts/clause-log.png', fullPage: true });
  } finally {
    // A platform-wide must-check clause would block every later test's admins: it is always retired.
    if (clauseId !== undefined) await api('DELETE', `/v1/clause?clauseId=${clauseId}`);
  }
});
