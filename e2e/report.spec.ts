import { seriousAxeFindings } from './axe.js';
import { chooseLanguage } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

/**
 * Issue 29: the report's PDF language picker has a visible label tied to it (a person sees what the picker is for,
 * a screen reader names it, a click on the label focuses it), in every language; the PDF it downloads is named by the
 * report's period, not the day it was made.
 */
test('report: the PDF language picker is labelled, and the PDF is named by its period', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/statistics/report?range=custom&fromDay=2026-01-05&toDay=2026-01-11');
  await logIn(page);
  await expect(page.getByTestId('report-view')).toBeVisible();
  // The period is the one asked for, even with no company in view to lend its days.
  await expect(page.getByTestId('report-span')).toContainText('2026-01-05 to 2026-01-11');

  const label = page.locator('label[for="report-language"]');
  await expect(label).toBeVisible();
  await expect(label).toHaveText('PDF language');
  const picker = page.getByRole('combobox', { name: 'PDF language' });
  await expect(picker).toBeVisible();
  // The label focuses the picker it names; the keyboard opens it.
  await label.click();
  await expect(picker).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Deutsch' }).click();
  await expect(page.getByTestId('report-language')).toContainText('Deutsch');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-pdf').click()]);
  expect(download.suggestedFilename()).toBe('safety-report-2026-01-05_2026-01-11.pdf');
  expect(await seriousAxeFindings(page)).toEqual([]);

  // In Russian the label is Russian and still names the picker; at a phone's width it still fits.
  await chooseLanguage(page, 'Русский');
  await expect(label).toHaveText('Язык PDF');
  await expect(page.getByRole('combobox', { name: 'Язык PDF' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(label).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/artifacts/report-language-390.png', animations: 'disabled' });
});
