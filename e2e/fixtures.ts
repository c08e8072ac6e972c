import { test as base, expect, type Page } from '@playwright/test';
import { type CompanyWithVehicle, companyWithVehicle } from './console.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';
import { workerPortal } from './portals.js';

type Fixtures = {
  /** The worker's portal, as the API helpers take it. */
  portal: string;
  /** What names the `companySetup` fixture's records (its plate, device uuid, admin); a file sets it with `test.use`. */
  companyLabel: string;
  /** A company with a fleet, a plate-only vehicle and a ready Company Admin, made only for the tests that ask for it. */
  companySetup: CompanyWithVehicle;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  baseURL: async ({}, use) => {
    await use(workerPortal().url);
  },
  portal: async ({ baseURL }, use) => {
    await use(baseURL ?? '');
  },
  companyLabel: ['E2E', { option: true }],
  companySetup: async ({ portal, companyLabel }, use) => {
    await use(await companyWithVehicle(portal, companyLabel));
  },
});
export { expect };

/** Fills the login form, waits for the robot check to solve, and submits. */
export async function logIn(page: Page, username = 'admin', password = E2E_ADMIN_PASSWORD) {
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await solveRobotCheck(page);
  await page.getByRole('button', { name: /log in/i }).click();
}

export async function solveRobotCheck(page: Page) {
  const widget = page.getByTestId('robot-check');
  // A click starts the proof-of-work; the box is ticked only once it is solved.
  await widget.getByRole('checkbox').click();
  // The widget puts its solution into a hidden input once the proof-of-work is done.
  await expect(widget.locator('input[name="code"]')).toHaveValue(/.{20,}/, { timeout: 30_000 });
}

/** Logs out through the user menu and its confirmation (texts of the given language), until the login page shows. */
export async function logOut(page: Page, texts = { logOut: 'Log out', title: 'Logout' }) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: texts.logOut }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  // A click that lands while the dialog is still zooming in may be lost: try again until it is gone.
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'OK', exact: true }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Changes the password in the self page's password form (as the first login asks), and sees the console open. */
export async function changePassword(page: Page, current: string, chosen: string) {
  const form = page.getByTestId('password-form');
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password').fill(chosen);
  await form.getByLabel('Repeat the password').fill(chosen);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The page is as wide as the window: nothing scrolls sideways. Polled, because a
 * resize re-renders the shell's views a moment later (breakpoints, dropped tabs).
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** The admin's console settings as a fresh account has them (other tests change them). */
export const SHELL_SETTINGS = {
  themeColour: '#1890ff',
  appearance: 'light',
  tabsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  uiSize: 'medium',
};

/** Signs `page` in with `token` where the console keeps it, the shell set as `settings` say, and opens `path`. */
export async function openSignedIn(page: Page, token: string, path: string, settings: object = SHELL_SETTINGS) {
  await page.request.put('/v1/account/setParamSetting', { headers: { 'x-token': token }, data: settings });
  await page.goto('/404');
  await page.evaluate((value) => {
    sessionStorage.setItem('safety-shield-token', value);
    localStorage.setItem('safety-shield-latest-token', value);
  }, token);
  await page.goto(path);
}
