import type { Page } from '@playwright/test';
import { DEMO, expect, origin, signInAs, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Set E2E_SHOTS to a folder to keep a screenshot of each screen. */
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
};
const apiTotal = async (page: Page, query: string) => ((await (await page.request.get(`/api/carriers?${query}`)).json()) as { total: number }).total;
/** The total of the next carrier list the page loads (what the screen must show, whatever other tests add meanwhile). */
const nextListTotal = async (page: Page, expectQuery: RegExp, action: () => Promise<unknown>) => {
  // The body is read as the response arrives: a later navigation (or a re-render that drops the request) would
  // otherwise leave it unreadable ("No data found for resource with given identifier").
  let total: number | undefined;
  const response = page.waitForResponse(async (r) => {
    if (!/\/api\/carriers\?/.test(r.url()) || !expectQuery.test(r.url())) return false;
    total = ((await r.json()) as { total: number }).total;
    return true;
  });
  await action();
  await response;
  return total!;
};

test.describe('carriers', () => {
  test('an admin filters, adds, finds, edits and deletes a carrier', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const total = await nextListTotal(page, /page=1/, () => page.goto('/carriers'));
    await expect(page.getByRole('heading', { name: 'Carriers' })).toBeVisible();
    await expect(page.getByText(`${total} carrier(s) found`)).toBeVisible();
    await expect(page.getByTestId('pager-summary')).toHaveText(`Showing 1 to ${Math.min(10, total)} of ${total} results`);
    const table = page.getByRole('table', { name: 'Carriers' });
    for (const column of ['Name', 'Type', 'Country', 'Registration', 'Contact', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await shot(page, 'carriers-list');

    // The type filter is applied by the server: the count is the number of airlines.
    await page.getByRole('combobox', { name: 'Carrier type' }).click();
    for (const option of ['All Types', 'Airline', 'Shipping Line', 'Trucking Company']) await expect(page.getByRole('option', { name: option })).toBeVisible();
    const airlines = await nextListTotal(page, /carrier_type=airline/, () => page.getByRole('option', { name: 'Airline' }).click());
    await expect(page).toHaveURL(/type=airline/);
    await expect(page.getByText(`${airlines} carrier(s) found`)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(Math.min(airlines, 10) + 1);
    await expect(table.getByText('Shipping Line', { exact: true })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: 'Turkish Cargo', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search carriers' }).fill('maersk');
    await expect(page.getByText('No carriers found matching your filters')).toBeVisible();
    await expect(page.getByText('0 carrier(s) found')).toBeVisible();
    await shot(page, 'carriers-empty');
    await page.getByRole('combobox', { name: 'Carrier type' }).click();
    await page.getByRole('option', { name: 'All Types' }).click();
    await expect(table.getByRole('cell', { name: 'Maersk', exact: true })).toBeVisible();
    await expect(page.getByText('1 carrier(s) found')).toBeVisible();
    await expect(page).not.toHaveURL(/type=/);

    // Add: the required message comes back from the API; the hint follows the type.
    const name = `E2E Skyways ${unique()}`;
    await page.getByRole('link', { name: 'Add Carrier' }).click();
    await expect(page).toHaveURL(/\/carriers\/new$/);
    await expect(page.getByRole('heading', { name: 'Add Carrier' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Carriers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Carrier' }).click();
    await expect(page.getByRole('alert')).toHaveText('Name, country and carrier type are required');
    await page.getByRole('combobox', { name: 'Carrier Type' }).click();
    await page.getByRole('option', { name: 'Shipping Line' }).click();
    await expect(page.getByText('Shipping lines carry sea freight; used for sea shipments and LCL (partial shipments by sea).')).toBeVisible();
    await page.getByRole('combobox', { name: 'Carrier Type' }).click();
    await page.getByRole('option', { name: 'Trucking Company' }).click();
    await expect(page.getByText(/land shipments and LTL/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Carrier Type' }).click();
    await page.getByRole('option', { name: 'Airline' }).click();
    await expect(page.getByText('Airlines carry air freight; used for air shipments and partial shipments by air (Break Bulk).')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Country', exact: true }).fill('Testland');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Add Carrier' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await page.getByRole('textbox', { name: 'Email' }).fill('ops@skyways.example');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+90 212 555 0101');
    await page.getByRole('textbox', { name: 'Website' }).fill('skyways.example');
    await page.getByRole('textbox', { name: 'Registration Number' }).fill('SW');
    await shot(page, 'carriers-add-form');
    await page.getByRole('button', { name: 'Add Carrier' }).click();

    // Back on the list: find it, check its links.
    await expect(page).toHaveURL(/\/carriers(\?.*)?$/);
    await page.getByRole('textbox', { name: 'Search carriers' }).fill(name);
    await expect(page.getByText('1 carrier(s) found')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Airline');
    await expect(row).toContainText('Testland');
    await expect(row.getByRole('link', { name: 'ops@skyways.example' })).toHaveAttribute('href', 'mailto:ops@skyways.example');
    await expect(row.getByRole('link', { name: '+90 212 555 0101' })).toHaveAttribute('href', 'tel:+902125550101');
    const site = row.getByRole('link', { name: 'skyways.example', exact: true });
    await expect(site).toHaveAttribute('href', 'https://skyways.example');
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(site).toHaveAttribute('rel', 'noopener noreferrer');

    // Edit: Cancel changes nothing; Save does.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/carriers\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit Carrier' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(page.getByRole('combobox', { name: 'Carrier Type' })).toHaveValue('Airline');
    await shot(page, 'carriers-edit-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/carriers$/);
    await page.getByRole('textbox', { name: 'Search carriers' }).fill(name);
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} Freight`);
    await page.getByRole('combobox', { name: 'Carrier Type' }).click();
    await page.getByRole('option', { name: 'Trucking Company' }).click();
    await page.getByRole('textbox', { name: 'Website' }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/carriers$/);
    await page.getByRole('textbox', { name: 'Search carriers' }).fill(`${name} Freight`);
    const edited = table.getByRole('row').filter({ hasText: `${name} Freight` });
    await expect(edited).toContainText('Trucking Company');
    await expect(edited.getByRole('link', { name: 'skyways.example', exact: true })).toHaveCount(0);

    // Delete with the confirmation dialog.
    await edited.getByRole('button', { name: `Delete ${name} Freight` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Carrier' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name} Freight? This action cannot be undone.`);
    await shot(page, 'carriers-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No carriers found matching your filters')).toBeVisible();
    expect(await apiTotal(page, `q=${encodeURIComponent(name)}`)).toBe(0);
  });

  test('pages ten at a time, and refuses to delete a carrier that shipments use', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const prefix = `Pager ${unique()}`;
    for (let i = 0; i < 12; i++) {
      const res = await page.request.post('/api/carriers', {
        data: { name: `${prefix} ${String(i).padStart(2, '0')}`, country: 'Pageland', carrier_type: i < 11 ? 'shipping_line' : 'airline' },
        headers: { origin: origin() },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto(`/carriers?q=${encodeURIComponent(prefix)}&type=shipping_line`);
    await expect(page.getByText('11 carrier(s) found')).toBeVisible();
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 10 of 11 results');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 11 to 11 of 11 results');
    await expect(page.getByRole('cell', { name: `${prefix} 10`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 10 of 11 results');

    await page.goto('/carriers?q=Turkish%20Cargo');
    await page.getByRole('button', { name: 'Delete Turkish Cargo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Carrier' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Turkish Cargo cannot be deleted: it is the carrier of');
    await shot(page, 'carriers-delete-in-use');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: 'Turkish Cargo', exact: true })).toBeVisible();
  });

  test('a list load failure shows the spec prefix', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.route('**/api/carriers?*', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Database unavailable' } } }));
    await page.goto('/carriers');
    await expect(page.getByRole('alert')).toHaveText('Error fetching carriers: Database unavailable');
  });
});
