import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

test.describe('audit log', () => {
  test('an admin reads failed and successful sign-ins with their address, filtered and searched', async ({ page, clientIp }) => {
    // A failed attempt from this test's own address, then the admin's sign-in.
    const failed = await page.request.post('/api/auth/sign-in/email', {
      data: { email: DEMO.import, password: 'not-the-password' },
      headers: { origin: origin() },
    });
    expect(failed.status()).toBe(401);
    await signInAs(page, DEMO.admin);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search' }).fill(clientIp);
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Failed sign-in' }).filter({ hasText: DEMO.import })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Signed in' }).filter({ hasText: DEMO.admin })).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`q=${clientIp.replace(/\./g, '\\.')}`));
    await shot(page, 'audit-log');

    await page.getByRole('combobox', { name: 'Activity' }).click();
    await page.getByRole('option', { name: 'Staff changes' }).click();
    await expect(page.getByText('No activity found')).toBeVisible();
    await expect(page).toHaveURL(/category=staff/);
  });

  test('handlers and customers are sent back to the dashboard', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/audit' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  });
});
