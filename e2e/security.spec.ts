import { totpCode, totpStep } from '../packages/server/src/modules/account/totp.js';
import { adminApi, unique } from './console.js';
import { changePassword, expect, logIn, logOut, test } from './fixtures.js';

const FIRST_PASSWORD = 'Welcome-2026-Aa';
const OWN_PASSWORD = 'Chosen-Pass-2026';

test('a company admin changes the first password, binds Google Authenticator, logs in with a code and stays in its company', async ({
  page,
  portal,
}) => {
  const api = await adminApi(portal);
  const agent = await api<{ id: number }>('POST', '/v1/org/agent', { name: unique('Agent') });
  const mine = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique('Mine') });
  const theirs = await api<{ id: number }>('POST', '/v1/org/company', { parentId: agent.id, name: unique('Theirs') });
  await api('POST', '/v1/org/fleet', { parentId: mine.id, name: unique('My fleet') });
  const theirFleet = unique('Their fleet');
  await api('POST', '/v1/org/fleet', { parentId: theirs.id, name: theirFleet });
  const username = `mfa.${Date.now().toString(36)}`;
  await api('POST', '/v1/account/register/company', { username, password: FIRST_PASSWORD, rePassword: FIRST_PASSWORD, orgId: mine.id });

  // First login: only the password change is open.
  await page.goto('/login');
  await logIn(page, username, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/self\/index/);
  await changePassword(page, FIRST_PASSWORD, OWN_PASSWORD);

  // Bind Google Authenticator with a code computed from the shown secret.
  await page.goto('/self/index?tab=security');
  await expect(page.getByTestId('google-qr')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/self-security-bind.png', fullPage: true });
  const secret = (await page.getByTestId('google-secret').innerText()).trim();
  const bindStep = totpStep();
  await page.getByTestId('google-auth').getByLabel('Code').fill(totpCode(secret, bindStep));
  await page.getByRole('button', { name: 'Bind' }).click();
  await expect(page.getByText('Google Authenticator is bound')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/self-security.png', fullPage: true });

  // Issuing an API token asks for the password again (POST /v1/account/identify); the token is shown once.
  await page.getByRole('button', { name: 'Create a token' }).click();
  const confirmIt = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await confirmIt.getByLabel('Password').fill('Not-my-password-1');
  await confirmIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmIt.getByText('Incorrect password', { exact: false })).toBeVisible();
  await confirmIt.getByLabel('Password').fill(OWN_PASSWORD);
  await page.screenshot({ path: 'e2e/artifacts/identify.png' });
  await confirmIt.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('new-api-token')).toContainText(/^ssk_/);
  await page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByTestId('api-tokens').locator('.ant-table-row')).toHaveCount(1);

  // Log out, and in again in two steps.
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, username, OWN_PASSWORD);
  await expect(page.getByTestId('google-step')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/login-google-step.png' });
  await page.getByTestId('google-step').getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The Google Authenticator code is incorrect')).toBeVisible();
  // The bind code is spent: the next time step's code is accepted (one step of drift either way).
  await page
    .getByTestId('google-step')
    .getByLabel('Code')
    .fill(totpCode(secret, bindStep + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another company's data stays out of reach.
  await page.goto('/org/company/list');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/org/fleet/list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByText(theirFleet)).toHaveCount(0);
});
