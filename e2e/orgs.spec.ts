import type { Page } from '@playwright/test';
import { chooseLanguage, chooseOrg, row, unique } from './console.js';
import { expect, logIn, test } from './fixtures.js';

// A 1×1 PNG, and a text file that only pretends to be one.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Adds a fleet or site on its list page, its parent chosen with the picker. */
async function addOrg(page: Page, kind: 'fleet' | 'site', parent: { label: string; name: string }, name: string) {
  await page.goto(`/org/${kind}/list`);
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${kind}` });
  await chooseOrg(page, dialog, parent.label, parent.name);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('the Super Admin builds an organisation chain: area supplier, company, fleet', async ({ page }) => {
  const agent = unique('Agent');
  const company = unique('Company');
  const fleet = unique('Fleet');

  await page.goto('/org/agent/list');
  await logIn(page);
  await expect(page).toHaveURL(/\/org\/agent\/list$/);
  await expect(page).toHaveTitle('Area suppliers - Safety Shield');
  await expect(page.getByRole('menuitem', { name: 'Area suppliers' })).toBeVisible();

  // Required name, then a logo that is not really a PNG is refused by its bytes.
  await page.getByRole('button', { name: 'Add area supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add area supplier' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter the name')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(page.getByText('Only JPG or PNG images can be uploaded')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('img.org-logo-preview')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(agent);
  await dialog.getByLabel('Address').fill('1 Harbour Street');
  await dialog.getByLabel('Company quota').fill('5');
  await dialog.getByLabel('Device quota').fill('100');
  await page.screenshot({ path: 'e2e/artifacts/org-agent-dialog.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, agent)).toContainText('1 Harbour Street');
  await expect(row(page, agent)).toContainText('100');
  await page.screenshot({ path: 'e2e/artifacts/org-agent-list.png', fullPage: true });

  // A company under it, chosen with the picker.
  await page.goto('/org/company/list');
  await page.getByRole('button', { name: 'Add company' }).click();
  const companyDialog = page.getByRole('dialog', { name: 'Add company' });
  await companyDialog.getByLabel('Name', { exact: true }).fill(company);
  await companyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(companyDialog.locator('.ant-form-item-explain-error')).toHaveText('Choose an area supplier');
  await chooseOrg(page, companyDialog, 'Area supplier', agent);
  await companyDialog.getByLabel('Device quota').fill('40');
  await companyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(companyDialog).toBeHidden();
  await expect(row(page, company)).toContainText(agent);
  await page.screenshot({ path: 'e2e/artifacts/org-company-list.png', fullPage: true });

  // A fleet under the company; the list filters by its company.
  await addOrg(page, 'fleet', { label: 'Company', name: company }, fleet);
  await expect(row(page, fleet)).toContainText(company);
  await expect(row(page, fleet)).toContainText(agent);
  await chooseOrg(page, page.getByTestId('filter-bar'), 'Company', company);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/parentId=\d+/);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(page.getByText('Total 1')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/org-fleet-list.png', fullPage: true });

  // The filter lives in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);

  // A site under the fleet shows its whole chain.
  const site = unique('Site');
  await addOrg(page, 'site', { label: 'Fleet', name: fleet }, site);
  await expect(row(page, site)).toContainText(`${agent}${company}${fleet}`);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/org-site-list.png', fullPage: true });

  // An agent with a company below it cannot be deleted; the server says why.
  await page.goto(`/org/agent/list?name=${encodeURIComponent(agent)}`);
  await row(page, agent).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-message-error')).toBeVisible();
  await expect(row(page, agent)).toBeVisible();
});

test('forbids, enables and deletes an organisation, asking first each time', async ({ page }) => {
  const agent = unique('Spare');
  await page.goto('/org/agent/list');
  await logIn(page);
  await page.getByRole('button', { name: 'Add area supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add area supplier' });
  await dialog.getByLabel('Name', { exact: true }).fill(agent);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const state = row(page, agent).getByRole('switch');
  await expect(state).toBeChecked();
  await state.click();
  await expect(page.getByText(`Forbid ${agent}?`)).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(state).not.toBeChecked();

  await page.getByTestId('filter-bar').getByLabel('State', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Forbidden' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/state=forbidden/);
  await expect(row(page, agent)).toBeVisible();

  await state.click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row(page, agent)).toBeHidden(); // no longer forbidden, so out of this filtered view

  await page.getByRole('button', { name: /^(reload )?Reset$/ }).click();
  await expect(page).toHaveURL(/\/org\/agent\/list$/);
  await row(page, agent).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit area supplier' });
  await edit.getByLabel('Name', { exact: true }).fill(`${agent} renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, `${agent} renamed`)).toBeVisible();

  await row(page, agent).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted')).toBeVisible();
  await expect(row(page, agent)).toBeHidden();
});

test('the organisation screens follow the chosen language', async ({ page }) => {
  await page.goto('/org/company/list');
  await logIn(page);
  await expect(page.getByRole('button', { name: 'Add company' })).toBeVisible();
  await chooseLanguage(page, 'Deutsch');
  await expect(page.getByRole('button', { name: 'Unternehmen hinzufügen' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Gebietshändler' })).toBeVisible();
  await page.getByRole('button', { name: 'Unternehmen hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unternehmen hinzufügen' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte geben Sie den Namen ein')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/org-company-dialog-de.png' });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('button', { name: 'Add company' })).toBeVisible();

  // The breadcrumb names the section; the submenu of the page stays open across a collapse of the sidebar.
  await expect(page.locator('.shell-breadcrumb')).toHaveText('Dashboard/Organisations/Companies');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByRole('menuitem', { name: 'Companies' })).toBeHidden();
  // Collapsed, a section opens as a popup on hover: the section of the current page.
  await page.locator('.sidebar-menu .ant-menu-submenu-selected > .ant-menu-submenu-title').hover();
  await expect(page.getByRole('menuitem', { name: 'Companies' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sidebar-collapsed.png' });
  await page.mouse.move(800, 600);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.locator('.sidebar-menu').getByRole('menuitem', { name: 'Companies' })).toBeVisible();
});
