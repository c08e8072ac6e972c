import { languageNames, languages } from '@safety-shield/contract';
import { adminApi, chooseLanguage, READY_PASSWORD, readyCompanyAdmin, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

/** A Company Admin of a new company that has already changed its first password. */
async function companyWithAdmin(baseURL: string) {
  const api = await adminApi(baseURL);
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique('Agent') });
  const companyName = unique('Company');
  const company = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: companyName });
  const { username } = await readyCompanyAdmin(baseURL, api, company.id);
  return { api, username, companyName };
}

test('another tab logging in ends this tab’s session with the spec’s message', async ({ page, context }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await context.newPage();
  await other.goto('/login');
  await logIn(other);
  await expect(other).toHaveURL(/\/dashboard$/);
  // This tab comes back into view.
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The account has been logged out, please click the OK button to refresh the page');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The tab that logged in last stays in.
  await other.reload();
  await expect(other).toHaveURL(/\/dashboard$/);
});

test('an expired session shows one toast, then the Log-in expired confirmation, then the login page', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's figures loaded first: a call of its own must not be the one that finds out. (Not the network's
  // idleness: a login page's robot-check worker script may stay pending on a busy machine.)
  await expect(page.getByTestId('dashboard-account')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0);
  // The session ends on the server (as after inactivity); the next call finds out.
  await page.evaluate(async () => {
    const token = sessionStorage.getItem('safety-shield-token') ?? '';
    await fetch('/v1/account/logout', { method: 'POST', headers: { 'x-token': token } });
  });
  // The next call finds out: the one this click makes, or a background one (the push socket's new sign-in, a poll)
  // that came first, whose dialog then covers the menu.
  const dialog = page.getByRole('dialog', { name: 'Log-in expired' });
  await page
    .getByRole('menuitem', { name: 'Users' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a Company Admin with unanswered company terms is sent to the company setting first', async ({ page, baseURL }) => {
  const { api, username, companyName } = await companyWithAdmin(baseURL ?? '');
  const title = unique('Company terms');
  const { clauseId } = await api<{ clauseId: number }>('POST', '/v1/clause', {
    title,
    content: '<p>For the company.</p>',
    placeType: 'organisation',
    mustCheck: true,
  });
  try {
    await page.goto('/login');
    await logIn(page, username, READY_PASSWORD);
    await expect(page).toHaveURL(/\/system\/companySetting\?firstTime=true$/);
    await expect(page.getByTestId('company-terms-first')).toBeVisible();
    await page.goto('/account/list');
    await expect(page).toHaveURL(/\/system\/companySetting\?firstTime=true$/);
    await page.getByTestId(`pending-clause-${clauseId}`).getByRole('button', { name: 'Agree' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/system/companySetting');
    await expect(page.getByTestId('company-name')).toHaveValue(companyName);
    await page.screenshot({ path: 'e2e/artifacts/company-setting.png', fullPage: true });
  } finally {
    await api('DELETE', `/v1/clause?clauseId=${clauseId}`);
  }
});

test('maintenance mode sends everyone but the Super Admin to the maintenance page, with the message', async ({ page, baseURL }) => {
  const { api, username } = await companyWithAdmin(baseURL ?? '');
  await page.goto('/login');
  await logIn(page, username, READY_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await api('PUT', '/v1/system/maintenance', { on: true, message: 'Back at noon.' });
  try {
    // The open dashboard may learn of maintenance first (its next call) and go there itself, cutting this navigation short.
    await page.goto('/account/list').catch((error: unknown) => {
      // Chromium says so either way: "interrupted by another navigation", or the load aborted (net::ERR_ABORTED).
      if (!/interrupted by another navigation|net::ERR_ABORTED/.test(String(error))) throw error;
    });
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByTestId('maintenance-message')).toHaveText('Back at noon.');
    await page.screenshot({ path: 'e2e/artifacts/maintenance.png', fullPage: true });
  } finally {
    await api('PUT', '/v1/system/maintenance', { on: false, message: null });
  }
});

test('the dashboard in every language, screenshots for a look', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const language of languages) {
    await chooseLanguage(page, languageNames[language]);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    await page.screenshot({ path: `e2e/artifacts/dashboard-${language}.png` });
  }
});
