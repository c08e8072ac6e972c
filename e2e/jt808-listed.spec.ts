import ExcelJS from 'exceljs';
import { adminApi, agentWithCompany, readyCompanyAdmin } from './console.js';
import { expect, expectNoSidewaysScroll, openSignedIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

/** An .xlsx of these rows, as an administrator would make one: a header, then numbers in A and plates in B. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Terminals');
  for (const line of rows) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a Company Admin lists JT/T 808 terminals in advance: adds one, imports a workbook, sees them, removes one', async ({
  page,
  portal,
}) => {
  const api = await adminApi(portal);
  const { company } = await agentWithCompany(api, 'Listed');
  const boss = await readyCompanyAdmin(portal, api, company.id, 'listed');
  // Numbers no other test of the run has: 13 digits from the clock.
  const base = `7${String(Date.now()).slice(-10)}`;
  const [added, imported1, imported2] = [`${base}0`, `${base}1`, `${base}2`];

  await openSignedIn(page, boss.token, '/devicepage/unMatched');
  const card = page.getByTestId('listed-terminals');
  await expect(card.getByText('JT/T 808 terminals listed in advance')).toBeVisible();
  // The test portals register openly: the card says what that means.
  await expect(card.getByTestId('listed-policy')).toContainText('Open registration');
  await expect(card.getByTestId('listed-empty')).toBeVisible();
  // A listed terminal is also an unmatched device of the company (the list below): look in the card's table only.
  const row = (number: string) => card.locator('.ant-table-row', { hasText: number });

  // Add one, after the form's checks.
  await card.getByTestId('listed-add').click();
  const dialog = page.getByRole('dialog', { name: 'List a terminal' });
  await dialog.getByRole('button', { name: 'Add terminal' }).click();
  await expect(dialog.getByText('Enter the terminal number')).toBeVisible();
  await dialog.getByLabel('Terminal number').fill('12ab');
  await expect(dialog.getByText('Digits only, at most 20')).toBeVisible();
  await dialog.getByLabel('Terminal number').fill(`0${added}`);
  await dialog.getByLabel('Licence plate').fill('LST 1');
  await dialog.getByRole('button', { name: 'Add terminal' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(added)).toContainText('Waiting');

  // Import a workbook: two new terminals, one already listed, one bad number.
  const file = await workbook([['Terminal number', 'Licence plate'], [imported1, 'LST 2'], [Number(imported2)], [added], ['12-34']]);
  await card
    .getByTestId('listed-import')
    .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
    .setInputFiles({ name: 'terminals.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  const result = page.getByRole('dialog', { name: 'Import result' });
  await expect(result.getByTestId('listed-import-added')).toHaveText('2');
  await expect(result.getByRole('row', { name: /12-34/ })).toContainText('Not a terminal number');
  await page.screenshot({ path: 'e2e/artifacts/jt808-listed-import.png', animations: 'disabled' });
  await result.getByRole('button', { name: 'OK' }).click();
  for (const number of [added, imported1, imported2]) await expect(row(number)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/jt808-listed-1440.png', fullPage: true, animations: 'disabled' });

  // Remove one, asked first.
  await row(imported2).getByRole('button', { name: 'Remove' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Terminal removed')).toBeVisible();
  await expect(row(imported2)).toBeHidden();
  await expect(row(imported1)).toBeVisible();

  // A phone's width: the card fits without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(added)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/jt808-listed-390.png', fullPage: true, animations: 'disabled' });
});
