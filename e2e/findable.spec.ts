import type { Browser, Page } from '@playwright/test';
import { type Language, languageNames } from '@safety-shield/contract';
import { apiLogin } from './api.js';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { chooseLanguage, companyWithVehicle, listedDeviceId, row, simulatedDevice } from './console.js';
import { expect, expectNoSidewaysScroll, openSignedIn, test } from './fixtures.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';

/** The Super Admin's console in a browser of its own, signed in by API, in `language`, open at `path`. */
async function openConsole(browser: Browser, baseURL: string, path: string, language: Language = 'en', width = 1440) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
  const page = await context.newPage();
  const token = await apiLogin(baseURL, 'admin', E2E_ADMIN_PASSWORD);
  await openSignedIn(page, token, path);
  return { context, page };
}

/** The toolbar's height against one of its buttons': one row, not two. */
async function toolbarRows(page: Page) {
  const toolbar = page.getByTestId('devices-toolbar');
  await expect(toolbar.getByTestId('devices-more')).toBeVisible();
  const bar = await toolbar.boundingBox();
  const button = await toolbar.getByTestId('devices-more').boundingBox();
  return Math.round((bar?.height ?? 0) / (button?.height ?? 1));
}

test('the device list’s toolbar keeps to one row at 1440 px in every language; a row’s Lock action opens its lock inside the console, at 390 px too', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  const { api, uuid, key } = await companyWithVehicle(url, 'Find');
  const device = simulatedDevice(uuid, key);
  try {
    expect(await device.start()).toBe(true);
    await expect.poll(() => listedDeviceId(api, uuid), { timeout: 30_000 }).toBeGreaterThan(0);
  } finally {
    await device.stop();
  }

  // Russian first: its labels are the ones that wrapped the toolbar to a second row.
  const { context, page } = await openConsole(browser, url, `/devicepage/list?keyword=${uuid}`, 'ru');
  await expect(row(page, uuid)).toBeVisible();
  expect(await toolbarRows(page)).toBe(1);
  await page.getByTestId('devices-toolbar').screenshot({ path: 'e2e/artifacts/devices-toolbar-1440-ru.png' });
  // The folded actions are in "More", which the keyboard opens too.
  await page.getByTestId('devices-more').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Экспорт устройств' })).toBeVisible();
  await expect(page.getByTestId('devices-online-time')).toHaveText('Время в сети');
  expect(await seriousAxeFindings(page, [], KNOWN_OPEN)).toEqual([]);
  await page.keyboard.press('Escape');
  for (const language of ['de', 'fr', 'es', 'nb', 'sv', 'en'] as const) {
    await chooseLanguage(page, languageNames[language]);
    expect(await toolbarRows(page), language).toBe(1);
  }

  // The row's lock, one click away, among its actions; at a phone's width it is still in the row, inside the window.
  const lock = row(page, uuid).getByTestId('device-lock-action');
  await expect(lock).toBeVisible();
  await row(page, uuid).screenshot({ path: 'e2e/artifacts/devices-row-lock-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await lock.scrollIntoViewIfNeeded();
  await expect(lock).toBeInViewport();
  const actions = await row(page, uuid).locator('td').last().boundingBox();
  const deleteAction = await row(page, uuid).getByRole('button', { name: 'Delete' }).boundingBox();
  // The last action still ends inside the row's actions cell and the window.
  expect((deleteAction?.x ?? 999) + (deleteAction?.width ?? 0)).toBeLessThanOrEqual((actions?.x ?? 0) + (actions?.width ?? 0));
  expect((actions?.x ?? 999) + (actions?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  await row(page, uuid).screenshot({ path: 'e2e/artifacts/devices-row-lock-390.png' });
  await expect(lock).toHaveAttribute('href', `/devicepage/locks?keyword=${uuid}`);
  await lock.click();
  await expect(page).toHaveURL(new RegExp(`/devicepage/locks\\?keyword=${uuid}$`));
  // Inside the console: its header, and on a phone the button that opens the sidebar.
  await expect(page.getByTestId('shell-top')).toBeVisible();
  await expect(page.getByTestId('sidebar-toggle')).toBeVisible();
  await expect(page.getByTestId('device-locks').locator('.ant-table-row', { hasText: uuid })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/artifacts/device-locks-in-console-390.png', fullPage: true });
  await context.close();
});

test('the firmware library is in the Devices menu, the upgrade manager’s package field leads to it, and the header search finds it by what a user types', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openConsole(browser, baseURL ?? '', '/dashboard');
  const sidebar = page.locator('nav[aria-label="Main"]');
  await sidebar.getByRole('menuitem', { name: 'Devices' }).click();
  await sidebar.getByRole('menuitem', { name: 'Firmware library' }).click();
  await expect(page).toHaveURL(/\/upgradeCollection\/index$/);
  await expect(page.getByTestId('upgrade-collection')).toBeVisible();
  await expect(page.locator('.shell-breadcrumb')).toContainText('Firmware library');

  // The new campaign's form says where packages come from, as a link.
  await page.goto('/devicepage/upgradeManager?new=1');
  const hint = page.getByTestId('campaign-library-hint');
  await expect(hint).toContainText('Packages are uploaded in the firmware library.');
  await hint.getByRole('link', { name: 'firmware library' }).click();
  await expect(page).toHaveURL(/\/upgradeCollection\/index$/);

  // The header search, in Russian: the words a user types find the pages, hidden ones too.
  await chooseLanguage(page, languageNames.ru);
  const search = async (query: string, title: string, path: RegExp) => {
    await page.getByTestId('header-search-toggle').click();
    await page.getByTestId('header-search').locator('input').fill(query);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title }).first().click();
    await expect(page).toHaveURL(path);
  };
  await search('прошивка', 'Библиотека прошивок', /\/upgradeCollection\/index$/);
  await search('время в сети', 'Время в сети', /\/device\/lineSummary$/);
  await search('установщик', 'Блокировки устройств', /\/devicepage\/locks$/);
  await search('кампания', 'Диспетчер обновлений', /\/devicepage\/upgradeManager$/);
  await chooseLanguage(page, languageNames.en);
  await context.close();
});
