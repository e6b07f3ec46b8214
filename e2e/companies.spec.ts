import { DEMO, expect, shotOf, signInApi, signInAs, test } from './fixtures';

test.describe('companies (staff)', () => {
  test('creates, finds, edits and deletes a company, and adds its primary contact', async ({ page }) => {
    const name = `E2E Freight Partners ${Date.now()}`;
    await signInAs(page, DEMO.admin, { at: '/companies' });
    await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();
    await expect(page.getByTestId('pager-summary')).toHaveText(/^Showing 1 to 10 of \d+ results$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('pager-summary')).toHaveText(/^Showing 11 to \d+ of \d+ results$/);

    // Nothing matches yet.
    await page.getByRole('textbox', { name: 'Search companies' }).fill(name);
    await expect(page.getByText('No companies found')).toBeVisible();

    // Create: the API's messages show in the red banner.
    await page.getByRole('link', { name: 'Add Company' }).click();
    await expect(page).toHaveURL(/\/companies\/new$/);
    await expect(page.getByRole('heading', { name: 'Add Company' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Company name is required');
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill('A');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Company name must be between 2 and 100 characters');
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create Company' }).click();

    // The new profile: empty states of the spec.
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    const profileUrl = page.url();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Companies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Address' })).toContainText('No address provided');
    await expect(page.getByRole('region', { name: 'Registration' })).toContainText('Created At');
    await expect(page.getByText('No Contacts Yet')).toBeVisible();
    await expect(page.getByText('No Shipments Yet')).toBeVisible();
    await expect(page.getByText('This company has no shipments on record.')).toBeVisible();
    await expect(page.getByTestId('shipments-count')).toHaveText('0 shipments');

    // Add the first contact: it starts as the primary contact.
    await page.getByRole('link', { name: 'Add First Contact' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Contact' })).toBeVisible();
    for (const section of ['Personal Information', 'Contact Information', 'Professional Information']) {
      await expect(page.getByRole('group', { name: section })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Create Contact' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('First name is required');
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Lovelace');
    const email = `ada.${Date.now()}@e2e.example`;
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 5550 1234');
    await page.getByRole('textbox', { name: 'Position' }).fill('Head of Logistics');
    await expect(page.getByRole('switch', { name: 'Primary contact' })).toBeChecked();
    await page.getByRole('button', { name: 'Create Contact' }).click();
    await expect(page).toHaveURL(profileUrl);
    const card = page.getByRole('article', { name: 'Ada Lovelace' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Primary', { exact: true })).toBeVisible();
    await expect(card).toContainText('Head of Logistics');
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(card.getByRole('link', { name: '+44 20 5550 1234' })).toHaveAttribute('href', 'tel:+442055501234');

    // Edit through the shared form.
    await page.getByRole('link', { name: 'Edit Company' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Company Name', exact: true })).toHaveValue(name);
    const renamed = `${name} Renamed`;
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill(renamed);
    await page.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Road, Felixstowe, United Kingdom');
    // Billing (issue 38): a bad country is refused on its field, nothing saved; then the invoice's buyer details.
    await page.getByRole('textbox', { name: 'VAT number' }).fill('gb 123456789');
    await page.getByRole('textbox', { name: 'Country' }).fill('1');
    await page.getByRole('textbox', { name: 'Payment terms (days)' }).fill('45');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Country is a two-letter ISO code such as TR');
    await expect(page.getByRole('textbox', { name: 'Country' })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: 'Country' }).fill('gb');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(profileUrl);
    await expect(page.getByRole('region', { name: 'Billing' })).toContainText('GB 123456789');
    await expect(page.getByRole('region', { name: 'Billing' })).toContainText('45 days');
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Address' })).toContainText('1 Harbour Road, Felixstowe, United Kingdom');

    // Find it by search, open it from its row, then delete it from the list.
    await page.getByRole('link', { name: 'Back to Companies' }).click();
    await page.getByRole('textbox', { name: 'Search companies' }).fill(renamed);
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 1 of 1 results');
    const row = page.getByRole('row', { name: new RegExp(renamed) });
    await row.getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(profileUrl);
    await page.goBack();
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Company' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this company? This action cannot be undone. Its 1 contact will be deleted too.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No companies found')).toBeVisible();
  });

  test('refuses to delete a company that has shipments, and keeps it', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/companies?q=Rhein' });
    const name = 'Rhein Maschinenbau GmbH';
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    // Asked first (issue 20): the refusal, with the count, shows before anyone confirms, and Delete cannot be pressed.
    const dialog = page.getByRole('dialog', { name: 'Delete Company' });
    await expect(dialog.getByTestId('company-delete-refusal')).toContainText(/^This company has shipments and cannot be deleted\. It has \d+ shipments? on record/);
    await expect(dialog).not.toContainText('will be deleted too');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await shotOf(dialog, 'company-delete-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    // Its profile lists its shipments; a row opens the shipment.
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByTestId('shipments-count')).toHaveText(/^\d+ shipments?$/);
    const table = page.getByRole('table', { name: 'Company shipments' });
    await expect(table.getByRole('columnheader')).toHaveText(['Reference', 'Type', 'Status', 'Route', 'Schedule', 'View']);
    await table.getByRole('row').nth(1).getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/shipment\/[0-9a-f-]{36}$/);
  });
});

test.describe('company profiles (customer views)', () => {
  test('a customer sees only their own company, and another company is not found', async ({ page, request }) => {
    await signInApi(request, DEMO.admin);
    const other = (await (await request.get('/api/companies?q=Rhein')).json()) as { rows: { id: string }[] };
    const otherId = other.rows[0]!.id;

    await signInAs(page, DEMO.customer, { at: '/company' });
    await expect(page.getByRole('heading', { name: 'Company Profiles' })).toBeVisible();
    const cards = page.getByTestId('company-card');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Anatolia Textiles Ltd');
    await page.getByRole('textbox', { name: 'Search companies' }).fill('Rhein');
    await expect(page.getByText('No companies found')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search companies' }).fill('');
    await cards.first().click();

    await expect(page).toHaveURL(/\/company\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Anatolia Textiles Ltd', level: 1 })).toBeVisible();
    const mehmet = page.getByRole('article', { name: 'Mehmet Yilmaz' });
    await expect(mehmet.getByText('Primary', { exact: true })).toBeVisible();
    await expect(mehmet.getByRole('link', { name: 'customer@cargodesk.test' })).toHaveAttribute('href', 'mailto:customer@cargodesk.test');
    await expect(page.getByRole('article', { name: 'Zeynep Celik' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.goto(`/company/${otherId}`);
    await expect(page.getByText('Company not found')).toBeVisible();
    await expect(page.getByText('Rhein Maschinenbau GmbH')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Companies' }).click();
    await expect(page).toHaveURL(/\/company$/);
  });

  test('staff see every company on /company', async ({ page }) => {
    await signInAs(page, DEMO.import, { at: '/company' });
    await expect(page.getByTestId('company-card')).toHaveCount(12);
    await page.getByRole('textbox', { name: 'Search companies' }).fill('Rhein');
    await expect(page.getByTestId('company-card')).toHaveCount(1);
    await page.getByTestId('company-card').click();
    await expect(page.getByRole('heading', { name: 'Rhein Maschinenbau GmbH', level: 1 })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Lukas Becker' })).toBeVisible();
  });
});
