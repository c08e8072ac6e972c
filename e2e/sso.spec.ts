import { randomBytes } from 'node:crypto';
import { authorizeAt, startTestProvider, type TestProvider } from '../packages/server/test/oidc-fixture.js';
import { adminApi, agentWithCompany, readyCompanyAdmin, row } from './console.js';
import { expect, logIn, logOut, test } from './fixtures.js';

/**
 * Single sign-on (issue 15) in the browser: the Super Admin sets a company's OpenID provider in the company list,
 * and one of its admins signs in from the login page through that provider (a real oidc-provider started here).
 */
let provider: TestProvider | undefined;
test.afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

test('a company admin signs in through the company’s OpenID provider', async ({ page, baseURL: portal }) => {
  const baseURL = portal ?? '';
  provider = await startTestProvider(`${baseURL}/auth-redirect`);
  const api = await adminApi(baseURL);
  const { company } = await agentWithCompany(api, 'Sso Company');
  const companyName = (await api<{ name: string }>('GET', `/v1/org/company/info?id=${company.id}`)).name;
  const boss = await readyCompanyAdmin(baseURL, api, company.id, 'pilot');
  const email = `amy.${randomBytes(4).toString('hex')}@example.org`;
  const profile = await fetch(`${baseURL}/v1/account/selfInfo`, {
    method: 'PUT',
    headers: { 'x-token': boss.token, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(((await profile.json()) as { code: number }).code).toBe(200);
  provider.users = { amy: { email, emailVerified: true } };
  provider.signInAs = 'amy';
  const ssoName = `sso-${randomBytes(4).toString('hex')}`;

  // The Super Admin sets the provider from the company list; the secret is write-only.
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/org/company/list?name=${encodeURIComponent(companyName)}`);
  await row(page, companyName).getByRole('button', { name: 'Single sign-on' }).click();
  const dialog = page.getByRole('dialog', { name: `Single sign-on — ${companyName}` });
  await expect(dialog.getByTestId('sso-redirect-uri')).toContainText(`${baseURL}/auth-redirect`);
  await dialog.getByLabel('Sign-in name').fill(ssoName);
  await dialog.getByLabel('Issuer URL').fill(provider.issuer);
  await dialog.getByLabel('Client ID').fill(provider.client.clientId);
  await dialog.getByLabel('Client secret').fill(provider.client.clientSecret);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await row(page, companyName).getByRole('button', { name: 'Single sign-on' }).click();
  await expect(dialog.getByText('A secret is set; leave this empty to keep it.')).toBeVisible();
  await expect(dialog.getByLabel('Client secret')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await logOut(page);

  // The company admin: login page → provider → back at /auth-redirect → signed in.
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await page.getByLabel('Company sign-in name').fill(ssoName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/(login|auth-redirect)/, { timeout: 30_000 });
  const token = await page.evaluate(() => sessionStorage.getItem('safety-shield-token'));
  const self = await fetch(`${baseURL}/v1/account/selfInfo`, { headers: { 'x-token': token ?? '' } });
  expect(((await self.json()) as { data: { baseInfo: { username: string } } }).data.baseInfo.username).toBe(boss.username);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The same answer of the provider a second time is refused on the page.
  const started = await fetch(`${baseURL}/v1/account/sso/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: ssoName }),
  });
  const answer = await authorizeAt(((await started.json()) as { data: { url: string } }).data.url);
  const again = `/auth-redirect?${new URLSearchParams(answer)}`;
  await fetch(`${baseURL}/v1/account/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  await page.goto(again);
  await expect(page.getByText('Single sign-on did not complete')).toBeVisible();
  await expect(page.getByText('The single sign-on attempt has expired or was already used, please start again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to login' })).toBeVisible();
});
