import { expect, logIn, test } from './fixtures.js';

test('sends a visitor without a session to the login page, keeping the wanted path', async ({ page }) => {
  await page.goto('/dashboard?from=test');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ffrom%3Dtest$/);
  await expect(page.getByRole('heading', { name: 'Safety Shield' })).toBeVisible();
  await expect(page.getByText('Plant Management System')).toBeVisible();
});

test("honours the system's reduce-motion setting: antd's animations stop, and run again without it", async ({ page, browser, baseURL }) => {
  // The suite runs with reduced motion (playwright.config.ts); a second context asks for motion.
  const moving = await browser.newContext({ baseURL, reducedMotion: 'no-preference' });
  const transitionOf = async (shown: typeof page) => {
    await shown.goto('/login');
    return shown.getByRole('button', { name: 'Log in' }).evaluate((button) => getComputedStyle(button).transitionDuration);
  };
  expect(await transitionOf(page)).toBe('0s');
  expect(await transitionOf(await moving.newPage())).not.toBe('0s');
  await moving.close();
});

test('shows the required-field messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter your username')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
});

test("shows the server's message for wrong credentials in the chosen language", async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-select').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.getByLabel('Benutzername').fill('nobody.here');
  await page.getByLabel('Passwort').fill('WrongPassword1');
  // The robot check speaks the chosen language and works from the keyboard.
  const robotBox = page.getByRole('checkbox', { name: 'Ich bin kein Roboter' });
  await robotBox.press('Space');
  await expect(page.getByTestId('robot-check').getByRole('status')).toHaveText('Bestätigt', { timeout: 30_000 });
  await expect(robotBox).toBeChecked();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText('Benutzername oder Passwort ist falsch')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // A solution is good for one attempt: the box is clear again for the next.
  await expect(robotBox).not.toBeChecked();
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
});

test('logs in, works in German across a reload, and logs out', async ({ page }) => {
  await page.goto('/dashboard');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Super Admin');
  await expect(page.getByTestId('dashboard-organisation')).toHaveText('The whole platform');
  await expect(page.getByTestId('sidebar-footer')).toContainText('BE SAFE BE SHIELD');
  await expect(page.getByTestId('sidebar-footer')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(page).toHaveTitle('Dashboard - Safety Shield');

  // A token on /login goes straight back in.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('language-select').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByText('Sprache erfolgreich gewechselt')).toBeVisible();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Superadministrator');
  await expect(page.getByRole('menuitem', { name: 'Übersicht' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Superadministrator');
  await expect(page).toHaveTitle('Übersicht - Safety Shield');
  await page.screenshot({ path: 'e2e/artifacts/dashboard-de.png', fullPage: true });

  const timeZone = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'timeZone')?.value;
  expect(await timeZone()).toBeTruthy();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByText('Möchten Sie sich wirklich abmelden?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await timeZone()).toBeUndefined();

  // The revoked session no longer opens the console.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});
