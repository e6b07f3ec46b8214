import { DEMO, expect, signInAs, test } from './fixtures';

test.describe('sea ports', () => {
  test('an admin adds, finds, edits and deletes a port, with the spec texts', async ({ page }) => {
    test.setTimeout(90_000); // one long flow through every screen text
    await signInAs(page, DEMO.admin);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Ports & Partners').click();
    await menu.getByRole('link', { name: 'Sea Ports', exact: true }).click();
    await expect(page).toHaveURL(/\/seaports$/);
    await expect(page.getByRole('heading', { name: 'Sea Ports', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Sea ports' });
    for (const column of ['Port Name', 'Country', 'UN Code', 'Actions']) await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    const summary = page.getByTestId('pager-summary');
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d{4} results$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(/^Showing 11 to 20 of \d{4} results$/);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(summary).toHaveText(/^Showing 1 to 10 of \d{4} results$/);

    // Add: Back link, required fields, the UN Code rules, then save back to the list.
    await page.getByRole('link', { name: 'Add Port' }).click();
    await expect(page).toHaveURL(/\/seaports\/new$/);
    await expect(page.getByRole('heading', { name: 'Add New Port' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sea Ports' }).click();
    await expect(page).toHaveURL(/\/seaports$/);
    await page.getByRole('link', { name: 'Add Port' }).click();
    await page.getByRole('button', { name: 'Add Port' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Please fill in all required fields');
    await page.getByRole('textbox', { name: 'Port Name', exact: true }).fill('Playwright Harbour, Testland');
    await page.getByRole('textbox', { name: 'Country', exact: true }).fill('Testland');
    const unCode = page.getByRole('textbox', { name: 'UN Code', exact: true });
    await unCode.pressSequentially('tr-qq1xy');
    await expect(unCode).toHaveValue('TRQQ1');
    await page.getByRole('button', { name: 'Add Port' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/^UN Code must be 5 characters/);
    await unCode.fill('trqqx');
    await expect(unCode).toHaveValue('TRQQX');
    await page.getByRole('button', { name: 'Add Port' }).click();
    await expect(page).toHaveURL(/\/seaports$/);

    // Find it by UN code.
    await page.getByRole('textbox', { name: 'Search ports' }).fill('trqqx');
    const row = table.getByRole('row', { name: /Playwright Harbour/ });
    await expect(row).toContainText('TRQQX');
    await expect(row).toContainText('Testland');
    await expect(summary).toHaveText('Showing 1 to 1 of 1 results');

    // Edit: a duplicate UN code is refused, Cancel returns, Save Changes saves.
    await page.getByRole('link', { name: 'Edit Playwright Harbour, Testland' }).click();
    await expect(page).toHaveURL(/\/seaports\/edit\//);
    await expect(page.getByRole('heading', { name: 'Edit Port' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sea Ports' })).toBeVisible();
    await expect(unCode).toHaveValue('TRQQX');
    await unCode.fill('nlrtm');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('A port with UN code NLRTM already exists');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Back at the list the user left, search kept.
    await expect(page).toHaveURL(/\/seaports\?q=trqqx$/);
    await page.getByRole('link', { name: 'Edit Playwright Harbour, Testland' }).click();
    await page.getByRole('textbox', { name: 'Port Name', exact: true }).fill('Playwright Quay, Testland');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/seaports\?q=trqqx$/);
    await expect(table.getByRole('row', { name: /Playwright Quay/ })).toContainText('TRQQX');

    // Delete with a confirmation; the search then finds nothing.
    await page.getByRole('button', { name: 'Delete Playwright Quay, Testland' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Port' });
    await expect(dialog).toContainText('Are you sure you want to delete Playwright Quay, Testland (TRQQX)? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No ports found')).toBeVisible();
    await expect(table).toBeHidden();
  });

  test('a handler opening /seaports is sent to /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.import, { at: '/seaports/new' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
