import { DEMO, expect, origin, signInAs, test } from './fixtures';

/** Unique per test run, so the tests make their own data and touch no demo records. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('staff management', () => {
  test('an admin adds a staff member, finds the pending record by search and deletes it', async ({ page }) => {
    const id = tag();
    const name = `Pending Person ${id}`;
    const email = `pending.${id}@cargodesk.test`;
    await signInAs(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pending Staff Members' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Active Staff Members' })).toBeVisible();

    await page.getByRole('link', { name: 'Add Staff Member' }).click();
    await expect(page).toHaveURL(/\/staff\/new$/);
    await expect(page.getByRole('heading', { name: 'Add New Staff Member' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Staff Member' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');

    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.export);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Import' }).click();
    await expect(page.getByText('Manages import shipments and related operations')).toBeVisible();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByText('Full system access and management')).toBeVisible();

    // An email that already belongs to a user is refused by the API, in the red banner.
    await page.getByRole('button', { name: 'Create Staff Member' }).click();
    await expect(page.getByRole('alert')).toHaveText('A user with this email already exists');

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Create Staff Member' }).click();
    await expect(page).toHaveURL(/\/staff$/);

    await page.getByRole('textbox', { name: 'Search staff' }).fill(id);
    await expect(page).toHaveURL(new RegExp(`q=${id}`));
    const pending = page.getByRole('table', { name: 'Pending Staff Members' });
    await expect(pending.getByRole('row')).toHaveCount(2);
    const row = pending.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Admin');
    await expect(page.getByText('No staff members found')).toBeVisible();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Staff Member' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}? This action cannot be undone.`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No pending staff members')).toBeVisible();
  });

  test("an admin edits an active handler's name and role, and cannot delete their own row", async ({ page, request }) => {
    const id = tag();
    const name = `Handler ${id}`;
    const email = `handler.${id}@cargodesk.test`;
    await signInAs(page, DEMO.admin);
    // An export handler of our own: added as pending staff, then registered (not the demo accounts).
    const created = await page.request.post('/api/staff', { data: { full_name: name, email, role: 'export' }, headers: { origin: origin() } });
    expect(created.status(), await created.text()).toBe(201);
    const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password: 'handler-pass-1', name: 'x' }, headers: { origin: origin() } });
    expect(signUp.status(), await signUp.text()).toBe(200);

    await page.goto(`/staff?q=${id}`);
    const active = page.getByRole('table', { name: 'Active Staff Members' });
    const row = active.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Export');
    await expect(row).toContainText('Active');
    await row.getByRole('link', { name: `Edit ${name}` }).click();

    await expect(page.getByRole('heading', { name: 'Edit Staff Member' })).toBeVisible();
    const emailBox = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(emailBox).toBeDisabled();
    await expect(emailBox).toHaveValue(email);
    await expect(page.getByText('Email cannot be changed')).toBeVisible();
    await expect(page.getByText('Manages export shipments and related operations')).toBeVisible();

    const nameBox = page.getByRole('textbox', { name: 'Full Name', exact: true });
    await nameBox.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await nameBox.fill(`${name} Renamed`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Import' }).click();
    await expect(page.getByText('Manages import shipments and related operations')).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page).toHaveURL(/\/staff(\?|$)/);
    const renamed = page.getByRole('table', { name: 'Active Staff Members' }).getByRole('row', { name: new RegExp(`${name} Renamed`) });
    await expect(renamed).toContainText('Import');

    // Deleting an active staff member goes through the same dialog.
    await renamed.getByRole('button', { name: `Delete ${name} Renamed` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Staff Member' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name} Renamed? This action cannot be undone.`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search staff' }).fill(id);
    await expect(page.getByText('No staff members found')).toBeVisible();

    // The admin's own row can be edited but has no delete button.
    await page.getByRole('textbox', { name: 'Search staff' }).fill(DEMO.admin);
    const own = page.getByRole('table', { name: 'Active Staff Members' }).getByRole('row', { name: /Aylin Demir/ });
    await expect(own.getByRole('link', { name: 'Edit Aylin Demir' })).toBeVisible();
    await expect(own.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  });

  test('an export handler opening /staff is sent to /dashboard', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/staff' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/staff/new');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
