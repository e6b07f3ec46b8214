/**
 * Issue 14: a row stored before the number checks (written into the data directory by e2e/legacy-data.ts before
 * the server started) still lists and shows, with its warning, is found by the "Failed data checks" filter, and
 * saving it asks for the number to be corrected. Desktop and phone widths.
 */
import { DEMO, expect, signInAs, test } from './fixtures';

const LEGACY_REFERENCE = 'CD-LEGACY-0001';
const MESSAGE = 'Container number CSQU3054384 has an invalid check digit (expected 3)';

for (const width of [1280, 390]) {
  test(`an old row with a bad container number still shows, with its warning, and is found by the filter (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, DEMO.admin, { at: '/all-shipments?checks=failed' });
    await expect(page.getByRole('checkbox', { name: 'Failed data checks' })).toBeChecked();
    const row = page.getByText(LEGACY_REFERENCE).first();
    await expect(row).toBeVisible();
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await row.click();

    await expect(page).toHaveURL(/\/shipment\/[0-9a-f-]{36}$/);
    const alert = page.getByTestId('data-checks');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(MESSAGE);
    // Shown as stored, with the mark beside it.
    await expect(page.getByText('CSQU3054384').first()).toBeVisible();
    await expect(page.getByRole('img', { name: `Data check: ${MESSAGE}` }).first()).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('saving the old row asks for the number to be corrected (the row itself is left as it is for the other tests)', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const found = (await (await page.request.get(`/api/shipments?q=${LEGACY_REFERENCE}`)).json()) as { rows: { id: string }[] };
  expect(found.rows).toHaveLength(1);
  const id = found.rows[0]!.id;
  await page.goto(`/shipment/${id}/edit`);
  const number = page.getByRole('group', { name: 'Container 1' }).getByRole('textbox', { name: 'Container Number', exact: true });
  await expect(number).toHaveValue('CSQU3054384');
  // The live check says it under the field before any save.
  await expect(page.getByText(MESSAGE).first()).toBeVisible();
  await page.getByTestId('shipment-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shipment/${id}/edit$`));
});
