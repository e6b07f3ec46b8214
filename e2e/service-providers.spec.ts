import type { Page } from '@playwright/test';
import { DEMO, expect, origin, signInAs, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Set E2E_SHOTS to a folder to keep a screenshot of each screen. */
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
};
const ADD_OPTIONS = ['Customs Broker', 'Freight Forwarder', 'Insurance Provider', 'Warehouse Provider', 'Transport Provider', 'Container Depot', 'Consolidation Agent', 'Other'];
const EDIT_OPTIONS = ADD_OPTIONS.filter((o) => o !== 'Consolidation Agent');

async function createProvider(page: Page, data: Record<string, string>) {
  const res = await page.request.post('/api/service-providers', { data, headers: { origin: origin() } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe('service providers', () => {
  test('an admin adds, finds, edits and deletes a service provider', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/service-providers' });
    await expect(page.getByRole('heading', { name: 'Service Providers' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Service providers' });
    for (const column of ['Name', 'Service Type', 'Country', 'Registration', 'Contact', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('pager-summary')).toHaveText(/^Showing 1 to \d+ of \d+ results$/);
    await shot(page, 'service-providers-list');

    await page.getByRole('textbox', { name: 'Search service providers' }).fill('no such provider anywhere');
    await expect(page.getByText('No service providers found')).toBeVisible();
    await shot(page, 'service-providers-empty');

    // Add: every service type is offered, Consolidation Agent included.
    const name = `E2E Brokers ${unique()}`;
    await page.getByRole('link', { name: 'Add Service Provider' }).click();
    await expect(page).toHaveURL(/\/service-providers\/new$/);
    await expect(page.getByRole('heading', { name: 'Add Service Provider' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Service Providers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Service Provider' }).click();
    await expect(page.getByRole('alert')).toHaveText('Name, country and service type are required');
    await page.getByRole('combobox', { name: 'Service Type' }).click();
    await expect(page.getByRole('option')).toHaveText(ADD_OPTIONS);
    await page.getByRole('option', { name: 'Customs Broker' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Country', exact: true }).fill('Türkiye');
    await page.getByRole('textbox', { name: 'Email' }).fill('desk@brokers.example');
    await page.getByRole('textbox', { name: 'Website' }).fill('http://brokers.example');
    await shot(page, 'service-providers-add-form');
    await page.getByRole('button', { name: 'Add Service Provider' }).click();
    await expect(page).toHaveURL(/\/service-providers(\?.*)?$/);

    // Find it by its service type and country too.
    await page.getByRole('textbox', { name: 'Search service providers' }).fill(name);
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Customs Broker');
    await expect(row).toContainText('Türkiye');
    await expect(row.getByText('-', { exact: true })).toBeVisible(); // no registration
    const site = row.getByRole('link', { name: 'brokers.example', exact: true });
    await expect(site).toHaveAttribute('href', 'http://brokers.example');
    await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 1 of 1 results');

    // Edit: Consolidation Agent is not offered.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Service Provider' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await page.getByRole('combobox', { name: 'Service Type' }).click();
    await expect(page.getByRole('option')).toHaveText(EDIT_OPTIONS);
    await shot(page, 'service-providers-edit-form');
    await page.getByRole('option', { name: 'Freight Forwarder' }).click();
    await page.getByRole('textbox', { name: 'Registration Number' }).fill('MERSIS 0123');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/service-providers$/);
    await page.getByRole('textbox', { name: 'Search service providers' }).fill('freight forwarder');
    const edited = table.getByRole('row').filter({ hasText: name });
    await expect(edited).toContainText('Freight Forwarder');
    await expect(edited).toContainText('MERSIS 0123');

    // Delete with the confirmation dialog.
    await edited.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Service Provider' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}? This action cannot be undone.`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('a provider that is a Consolidation Agent keeps that type on edit', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const name = `E2E Consol Provider ${unique()}`;
    const id = await createProvider(page, { name, country: 'Germany', service_type: 'Consolidation Agent' });
    await page.goto(`/service-providers/edit/${id}`);
    await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveValue('Consolidation Agent');
    await page.getByRole('combobox', { name: 'Service Type' }).click();
    await expect(page.getByRole('option')).toHaveText([...EDIT_OPTIONS, 'Consolidation Agent']);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Country', exact: true }).fill('Austria');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/service-providers$/);
    await page.getByRole('textbox', { name: 'Search service providers' }).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Consolidation Agent');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Austria');
  });

  test('pages ten at a time', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const prefix = `SP Pager ${unique()}`;
    for (let i = 0; i < 13; i++) await createProvider(page, { name: `${prefix} ${String(i).padStart(2, '0')}`, country: 'Pageland', service_type: 'Other' });
    await page.goto(`/service-providers?q=${encodeURIComponent(prefix)}`);
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 10 of 13 results');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 11 to 13 of 13 results');
    await expect(page.getByRole('cell', { name: `${prefix} 12`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('cell', { name: `${prefix} 00`, exact: true })).toBeVisible();
  });

  test('a list load failure shows the spec prefix', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.route('**/api/service-providers?*', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } } }));
    await page.goto('/service-providers');
    await expect(page.getByRole('alert')).toHaveText('Error fetching service providers: Something went wrong. Please try again.');
  });
});
