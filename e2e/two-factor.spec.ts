import type { Page } from '@playwright/test';
import { expect, shot, signInAs, test } from './fixtures';
import { freshTotp, wrongTotp } from '@tests/helpers/totp';
import { newStaffUser, PASSWORD } from './two-factor-users';

/** The sign-in form's password step through the page. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible(); // the step's code has loaded
}

test.describe('two-factor authentication', () => {
  test('a staff user turns it on at /profile, then signs in with a code and with a recovery code', async ({ page, request }) => {
    const user = await newStaffUser(request, 'export');
    await signInAs(page, user.email, { password: PASSWORD });

    // Reached from the sidebar.
    await page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(user.name, { exact: true })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Export', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Off');

    // Turn on: the password first (a wrong one is refused), then the key as text, then a first code.
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    await expect(page.getByTestId('totp-uri')).toContainText(`otpauth://totp/Cargodesk:${encodeURIComponent(user.email)}?secret=${secret}`);
    // The QR code an app scans: drawn in the page from the same link (an SVG image, not fetched from anywhere).
    const qr = page.getByAltText('QR code for your authenticator app');
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await shot(page, 'profile-enrol');
    await page.getByLabel('Authentication code').fill(wrongTotp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code. Check your authenticator app and try again.');
    await page.getByLabel('Authentication code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();

    // The recovery codes, once, with copy and download.
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
    expect(recovery.every((c) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(c))).toBe(true);
    await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('cargodesk-recovery-codes.txt');
    await shot(page, 'profile-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

    // Sign out; the password alone no longer signs in: the code step follows, and a wrong code is refused.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await passwordStep(page, user.email);
    await expect(page.getByRole('checkbox')).toHaveCount(0); // no "trust this device"
    await shot(page, 'signin-code-step');
    await page.getByLabel('Authentication code').fill(wrongTotp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code. Check your authenticator app and try again.');
    // Half signed in: no session yet (the challenge allows another try, so no new password step is needed).
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.getByLabel('Authentication code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-email')).toHaveText(user.email);

    // With a recovery code instead.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await passwordStep(page, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-email')).toHaveText(user.email);
  });
});
