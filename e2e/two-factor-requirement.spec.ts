import { expect, origin, shot, signInAs, test } from './fixtures';
import { freshTotp } from '@tests/helpers/totp';
import { enrolThroughApi, newStaffUser, PASSWORD } from './two-factor-users';

// Runs alone, after every other spec (playwright.config.ts, project "exclusive"): while the requirement is on, the
// demo staff accounts other specs use would be held at enrolment.
test('an admin requires two-factor for all staff; a staff user without it is sent to enrolment first', async ({ page, browser, request }) => {
  const admin = await newStaffUser(request, 'admin', 'Security Admin');
  const handler = await newStaffUser(request, 'import', 'Held Handler');

  await signInAs(page, admin.email, { password: PASSWORD });
  await page.goto('/staff');
  const toggle = page.getByRole('switch', { name: 'Require for all staff' });
  // Not before the admin has two-factor on.
  await expect(toggle).toBeDisabled();
  await expect(page.getByText('Turn on two-factor authentication for your own account first')).toBeVisible();
  await enrolThroughApi(page);
  await page.reload();
  try {
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await expect(page.getByText(`Last changed by ${admin.email}`)).toBeVisible();
    await shot(page, 'staff-two-factor-required');

    // The handler signs in with the password and lands on the profile's enrolment, with the reason.
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } });
    const held = await context.newPage();
    await held.goto('/signin');
    await held.getByLabel('Email').fill(handler.email);
    await held.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await held.getByRole('button', { name: 'Sign In' }).click();
    await expect(held).toHaveURL(/\/profile$/);
    await expect(held.getByTestId('two-factor-required')).toContainText('Your administrator requires two-factor authentication for all staff.');
    // Nothing else opens: the menu is empty (the profile stays in the account box), other pages lead back, the API answers 403.
    await expect(held.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveCount(0);
    await expect(held.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'My Profile' })).toBeVisible();
    await held.goto('/my-shipments');
    await expect(held).toHaveURL(/\/profile$/);
    const api = await held.request.get('/api/shipments');
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe('two_factor_required');
    await shot(held, 'profile-enrolment-required');

    // Enrolling opens the portal.
    await held.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await held.getByLabel('Current password').fill(PASSWORD);
    await held.getByRole('button', { name: 'Continue' }).click();
    const secret = (await held.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    await held.getByLabel('Authentication code').fill(await freshTotp(secret));
    await held.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(held.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await held.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(held.getByTestId('two-factor-required')).toHaveCount(0);
    // While required, staff cannot turn it off.
    await expect(held.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
    await held.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Shipments' }).click();
    await expect(held).toHaveURL(/\/my-shipments$/);

    // Lost phone and codes: the admin sees two-factor on in the staff list and resets it; the handler is signed out.
    await page.goto(`/staff?q=${encodeURIComponent(handler.email)}`);
    const row = page.getByRole('table', { name: 'Active Staff Members' }).getByRole('row', { name: new RegExp(handler.name) });
    await expect(row.getByRole('cell').nth(4)).toHaveText('On');
    await row.getByRole('link', { name: `Edit ${handler.name}` }).click();
    await page.getByRole('button', { name: 'Reset two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor authentication' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Two-factor authentication' }).getByText('Off', { exact: true })).toBeVisible();
    expect((await held.request.get('/api/me')).status()).toBe(401);
    await context.close();
    await page.goto('/staff');

    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
  } finally {
    // Never leave the requirement on for whatever runs next on this server.
    await page.request.put('/api/settings/two-factor', { data: { require_for_staff: false }, headers: { origin: origin() } });
  }
});
