import fs from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { DEMO, expect, shot, signInAs, test } from './fixtures';

// Issue 18, bulk import through the page: the template downloads, a spreadsheet with a bad container number is
// refused row by row with the form's message, the corrected one is checked, imported in one go and found; the same
// file again creates nothing. A handler imports companies with contacts at phone width.

test.describe.configure({ timeout: 120_000 });

const HEADER = ['Reference Number', 'Type', 'Loading Type', 'Company', 'Cargo Description', 'Number of Packages', 'Gross Weight', 'Destination Port', 'Destination Airport', 'Estimated Arrival', 'Container Type', 'Container Numbers', 'Seal Numbers'];

async function workbook(reference: string, box: string, airport: string | null): Promise<Buffer> {
  return writeExcelFile([
    HEADER,
    [`${reference}-1`, 'sea', 'import', 'Anatolia Textiles Ltd', 'Denim rolls', 40, 5200, 'Rotterdam', null, { value: new Date('2027-01-10T00:00:00Z'), type: Date, format: 'yyyy-mm-dd' }, '40HC', box, 'SL-77'],
    [`${reference}-2`, 'Air', 'Export', 'Anatolia Textiles Ltd', 'Sample cards', 2, 12.5, null, airport, null, null, null, null],
  ]).toBuffer();
}

test('an administrator imports shipments from Excel: problems by row, then one commit; the same file again skips', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();

  // The template is the header row the import reads.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Excel template' }).click();
  const template = await readSheet(fs.readFileSync(await (await download).path()));
  expect(template[0]!.slice(0, 3)).toEqual(['Reference Number', 'Type', 'Transport Mode']);

  const reference = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;
  const file = page.locator('input[type="file"]');
  // CSQU3054383 is ISO 6346's own example; ...384 fails its check digit. Row 3 is air without a destination airport.
  await file.setInputFiles({ name: 'shipments.xlsx', mimeType: 'application/octet-stream', buffer: await workbook(reference, 'CSQU3054384', null) });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByText('Has problems')).toBeVisible();
  const problems = result.getByTestId('import-problems');
  await expect(problems).toContainText('2 problems in 2 rows');
  await expect(problems.getByRole('row', { name: /Container Numbers/ })).toContainText('Container number CSQU3054384 has an invalid check digit (expected 3)');
  await expect(problems.getByRole('row', { name: /Destination Airport/ })).toContainText('Destination Airport is required');
  await expect(result.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await shot(page, 'import-problems-1280');

  const corrected = await workbook(reference, 'CSQU3054383', 'IST');
  await file.setInputFiles({ name: 'shipments-fixed.xlsx', mimeType: 'application/octet-stream', buffer: corrected });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(result.getByText('Ready to import')).toBeVisible();
  await expect(result.getByTestId('import-counts')).toHaveText('2 rows. Will create 2, update 0, skip 0.');
  await result.getByRole('button', { name: 'Import 2 records' }).click();
  await expect(result.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('import-counts')).toHaveText('2 rows. Created 2, updated 0, skipped 0.');
  await shot(page, 'import-done-1280');

  const found = (await (await page.request.get(`/api/shipments?q=${reference}`)).json()) as { rows: { reference_number: string; type: string }[] };
  expect(found.rows.map((r) => r.reference_number).sort()).toEqual([`${reference}-1`, `${reference}-2`]);

  await result.getByRole('link', { name: 'Open the shipments' }).click();
  await expect(page).toHaveURL(/\/all-shipments/);
  await page.goBack();

  // The same file again: nothing to import.
  await file.setInputFiles({ name: 'shipments-fixed.xlsx', mimeType: 'application/octet-stream', buffer: corrected });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(result.getByTestId('import-counts')).toHaveText('2 rows. Will create 0, update 0, skip 2.');
  await expect(result.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
});

test('an export handler imports companies and contacts on a phone; updating shipments is not offered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.export, { at: '/import' });
  await expect(page.getByRole('radio', { name: 'Update rows that already exist' })).toBeDisabled();
  await page.getByText('Companies and contacts', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Update rows that already exist' })).toBeEnabled();
  const name = `Phone Import ${Date.now().toString(36)} Ltd`;
  const csv = `Company Name,Address,First Name,Last Name,Email,Primary Contact\r\n${name},"Kai 1, Bremen",Lena,Vogt,lena.${Date.now()}@example.com,yes\r\n${name},,Tom,Hahn,,no\r\n`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByTestId('import-counts')).toHaveText('2 rows. Will create 3, update 0, skip 0.');
  await result.getByRole('button', { name: 'Import 3 records' }).click();
  await expect(result.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'import-companies-390');
  const companies = (await (await page.request.get(`/api/companies?q=${encodeURIComponent(name)}`)).json()) as { rows: { name: string; contacts_count: number }[] };
  expect(companies.rows).toEqual([expect.objectContaining({ name, contacts_count: 2 })]);
});
