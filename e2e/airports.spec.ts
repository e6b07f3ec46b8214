import { DEMO, expect, signInAs, test } from './fixtures';
import type { Page } from '@playwright/test';

const field = (scope: ReturnType<Page['getByRole']> | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('airports', () => {
  test('an admin adds, finds, edits and deletes an airport in the modal, with the spec texts', async ({ page }) => {
    test.setTimeout(90_000); // one long flow through every screen text
    await signInAs(page, DEMO.admin);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Ports & Partners').click();
    await menu.getByRole('link', { name: 'Airports', exact: true }).click();
    await expect(page).toHaveURL(/\/airports$/);
    await expect(page.getByRole('heading', { name: 'Airports', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Airports' });
    for (const column of ['IATA Code', 'Name', 'City', 'Country', 'Edit', 'Delete']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row')).toHaveCount(11);
    const summary = page.getByTestId('pager-summary');
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d{4} results$/);

    // Pagination: Next and Previous, kept in the URL.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(/^Showing 11 to 20 of \d{4} results$/);
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d{4} results$/);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // The add modal closes on a backdrop click.
    await page.getByRole('button', { name: 'Add Airport' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Airport' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();

    // Required fields, code normalisation as typed, then a successful add.
    await page.getByRole('button', { name: 'Add Airport' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Airport' });
    await dialog.getByRole('button', { name: 'Add Airport' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
    await field(dialog, 'IATA Code').pressSequentially('q1q-xz');
    await expect(field(dialog, 'IATA Code')).toHaveValue('QQX');
    await field(dialog, 'Country Code').pressSequentially('t9rk');
    await expect(field(dialog, 'Country Code')).toHaveValue('TR');
    await expect(dialog.getByText('Türkiye')).toBeVisible();
    await field(dialog, 'Name').fill('Playwright Test Field');
    await field(dialog, 'City').fill('Testkent');
    await dialog.getByRole('button', { name: 'Add Airport' }).click();
    await expect(dialog).toBeHidden();

    // Find it: an exact IATA code comes first.
    await page.getByRole('textbox', { name: 'Search airports' }).fill('qqx');
    await expect(page).toHaveURL(/q=qqx/);
    const row = table.getByRole('row', { name: /Playwright Test Field/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('QQX');
    await expect(row).toContainText('Testkent');
    await expect(row).toContainText('TR');
    await expect(summary).toHaveText('Showing 1 to 1 of 1 results');

    // A duplicate IATA code is refused with the API's message.
    await page.getByRole('button', { name: 'Add Airport' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Airport' });
    await field(dialog, 'IATA Code').fill('qqx');
    await field(dialog, 'Name').fill('Second Field');
    await field(dialog, 'Country Code').fill('tr');
    await dialog.getByRole('button', { name: 'Add Airport' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('An airport with IATA code QQX already exists');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Edit in the modal.
    await page.getByRole('button', { name: 'Edit Playwright Test Field' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Airport' });
    await expect(field(dialog, 'IATA Code')).toHaveValue('QQX');
    await field(dialog, 'Name').fill('Playwright Renamed Field');
    await field(dialog, 'City').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    const renamed = table.getByRole('row', { name: /Playwright Renamed Field/ });
    await expect(renamed).toBeVisible();
    await expect(renamed).toContainText('—');

    // Delete with the spec's confirmation text; the search then finds nothing.
    await page.getByRole('button', { name: 'Delete Playwright Renamed Field' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete Airport' });
    await expect(dialog).toContainText('Are you sure you want to delete Playwright Renamed Field (QQX)? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No airports found')).toBeVisible();
    await expect(table).toBeHidden();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d{4} results$/);
  });

  test('the separate add and edit forms return to /airports on save and on cancel', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAs(page, DEMO.admin, { at: '/airports/new' });
    await expect(page.getByRole('heading', { name: 'Add New Airport' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/airports$/);

    await page.goto('/airports/new');
    await field(page, 'IATA Code').fill('qqy');
    await field(page, 'Name').fill('Form Page Field');
    await field(page, 'Country Code').fill('de');
    await page.getByRole('button', { name: 'Add Airport' }).click();
    await expect(page).toHaveURL(/\/airports$/);

    await page.getByRole('textbox', { name: 'Search airports' }).fill('Form Page Field');
    await expect(page.getByRole('row', { name: /Form Page Field/ })).toContainText('QQY');
    const res = await page.request.get('/api/airports?q=QQY');
    const id = ((await res.json()) as { rows: { id: string }[] }).rows[0]!.id;

    await page.goto(`/airports/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Airport' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue('Form Page Field');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/airports$/);

    await page.goto(`/airports/edit/${id}`);
    await field(page, 'Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Please fill in all required fields');
    await field(page, 'Name').fill('Form Page Field Edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/airports$/);
    expect(((await (await page.request.get(`/api/airports/${id}`)).json()) as { name: string }).name).toBe('Form Page Field Edited');
    expect((await page.request.delete(`/api/airports/${id}`, { headers: { origin: new URL(page.url()).origin } })).status()).toBe(204);
  });

  test('a handler opening /airports is sent to /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/airports' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
