import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, origin, signInApi, signInAs, test } from './fixtures';
import { enrolThroughApi, newStaffUser, PASSWORD } from './two-factor-users';
import { freshTotp } from '@tests/helpers/totp';

// Issue 20, "What a careful first week of use finds": sessions that end, the sign-in page's ways in and out,
// unknown addresses, and downloads that fail.

const SIGN_IN_FAILED = 'An error occurred during sign in. Please try again.';
const DOWNLOAD_FAILED = 'Failed to download file. Please try again.';
const INVALID_TOKEN = 'Invalid or expired token. Please request a new password reset link.';

/** The sign-in form, filled and sent (the page is on /signin). */
async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** On /signin (the form showing), with `redirect` naming where it returns to (undefined: no redirect). */
async function expectSignInPage(page: Page, redirect: string | undefined) {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/signin');
  expect(url.searchParams.get('redirect') ?? undefined).toBe(redirect);
}

/**
 * Ends the session on the server the way another tab's Sign Out does; this page's app still thinks it is signed in.
 * The page first finishes loading (the dashboard's counts follow its data), so the next request the test makes is the
 * first to meet the ended session.
 */
async function signOutElsewhere(page: Page) {
  // Every query the page makes has answered: no loader left (the dashboard loads its staff part lazily, and on a busy
  // machine the network can rest for half a second between the two), then the network at rest.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const res = await page.context().request.post('/api/auth/sign-out', { data: {}, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A screenshot at desktop and phone widths under SCREENSHOT_DIR, when it is set. */
async function shotsAtTwoWidths(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function firstId(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { rows: { id: string }[] }).rows[0]!.id;
}

test.describe('an ended session and the way back', () => {
  test('a 401 ends the client session once and sends the person to /signin, which returns them where they were going', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signInAs(page, DEMO.import);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // The dashboard's last parts: the exception counts and the handler's figures.
    await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
    await expect(page.getByTestId('kpi-overdue-documents')).toBeVisible();

    await signOutElsewhere(page);
    await nav.getByRole('link', { name: 'Companies' }).click();
    await expectSignInPage(page, '/companies');
    await expect(page.getByText('Please sign in to continue.')).toHaveCount(0);
    await expect(page.getByText(/Error fetching companies/)).toHaveCount(0);

    // A wrong password is the form's to show: no redirect, the return address kept.
    await submitSignIn(page, DEMO.import, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expectSignInPage(page, '/companies');

    await submitSignIn(page, DEMO.import);
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();
    await expect(page.getByTestId('sidebar-email')).toHaveText(DEMO.import);

    // The same from Documents (a page with its own list and filters).
    await signOutElsewhere(page);
    await nav.getByRole('link', { name: 'Documents', exact: true }).click();
    await expectSignInPage(page, '/documents');
    await expect(page.getByText('Please sign in to continue.')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('a mail link to a shipment opened signed out lands on the shipment after sign-in and the two-factor step', async ({ page, request }) => {
    const user = await newStaffUser(request, 'export', 'Mail Link');
    const shipmentId = await firstId(request, '/api/shipments?pageSize=1');
    await signInApi(page.request, user.email, PASSWORD);
    const secret = await enrolThroughApi(page);
    const out = await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: origin() } });
    expect(out.status()).toBe(200);

    await page.goto(`/shipment/${shipmentId}`);
    await expectSignInPage(page, `/shipment/${shipmentId}`);
    await submitSignIn(page, user.email, PASSWORD);
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${shipmentId}$`));
    await expect(page.getByTestId('sidebar-email')).toHaveText(user.email);
  });

  test('signed-in people opening /signin or /signup go on to the dashboard or to the safe page asked for', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/signin' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/signin?redirect=%2Fcompanies');
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();
    // Never to another site.
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`/signin?redirect=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
    }
  });
});

test.describe('the sign-in page', () => {
  test('an unreachable server shows the spec text on the sign-in form; an unsafe redirect is not followed', async ({ page }) => {
    await page.goto(`/signin?redirect=${encodeURIComponent('//evil.example/phish')}`);
    await page.route('**/api/auth/**', (route) => route.abort());
    await submitSignIn(page, DEMO.admin);
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
    await expect(page.getByText(/Could not reach the server/)).toHaveCount(0);

    await page.unroute('**/api/auth/**');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });

  test('Set New Password with a refused token offers a new link and the way back to sign in', async ({ page }) => {
    await page.goto('/signin?type=recovery&token=no-such-token-e2e');
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('fresh-pass-1');
    await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_TOKEN);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Sign In' })).toBeVisible();
    await shotsAtTwoWidths(page, 'set-new-password-invalid-token');

    await page.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    expect(new URL(page.url()).search).toBe(''); // the spent token is off the address

    // And the other way out, from a fresh refusal.
    await page.goto('/signin?type=recovery&token=no-such-token-e2e');
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('fresh-pass-1');
    await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_TOKEN);
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expectSignInPage(page, undefined);
  });
});

test.describe('unknown addresses', () => {
  test('a styled not-found page with a way home; signed out, /signin', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectSignInPage(page, undefined);

    await signInAs(page, DEMO.admin);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist or has moved.', { exact: false })).toBeVisible();
    await expect(page.getByText('Not Found', { exact: true })).toHaveCount(0); // not the router's bare text
    await shotsAtTwoWidths(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Under a known section: inside the app, the sidebar kept.
    await page.goto('/companies/x/y/z');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await shotsAtTwoWidths(page, 'not-found-in-app');
  });

  test('/airports/{id} opens the airport edit form; /airports/new and /airports/edit/{id} still work', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const id = await firstId(page.request, '/api/airports?q=AMS');
    await page.goto(`/airports/${id}`);
    await expect(page).toHaveURL(new RegExp(`/airports/edit/${id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Airport' })).toBeVisible();
    await expect(page.getByText(/\(AMS\)/)).toBeVisible();
    await page.goto('/airports/new');
    await expect(page.getByRole('heading', { name: 'Add New Airport' })).toBeVisible();
    await page.goto(`/airports/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Airport' })).toBeVisible();
  });
});

test.describe('downloads that fail', () => {
  test('a stored file gone missing or a broken link says "Failed to download file. Please try again."', async ({ page }) => {
    await signInAs(page, DEMO.import);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const upload = await page.request.post('/api/documents', {
      headers: { origin: origin(), 'x-file-name': encodeURIComponent(`missing-${tag}.txt`) },
      data: Buffer.from('Cargodesk e2e: this file will go missing.\n'),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const doc = (await upload.json()) as { name: string; original_name: string };
    // The record stays; the stored bytes are gone (a lost disk, a bucket cleaned by hand): the server answers 404.
    await fs.rm(path.join(process.env.E2E_DATA_DIR!, 'files', doc.name));

    const failed = page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED });
    const dismiss = async () => {
      await failed.getByRole('button').click();
      await expect(failed).toHaveCount(0);
    };

    // The documents table.
    await page.goto(`/documents?q=${tag}`);
    const row = page.getByTestId('document-row').filter({ hasText: doc.original_name });
    await row.getByRole('button', { name: `Download ${doc.original_name}` }).click();
    await expect(failed).toBeVisible();
    await dismiss();

    // The preview overlay: its header's Download and the body's Download File.
    await row.getByRole('button', { name: `View ${doc.original_name}` }).click();
    const preview = page.getByTestId('document-preview');
    await expect(preview.getByText('Preview Not Available')).toBeVisible();
    await preview.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(failed).toBeVisible();
    await dismiss();
    await preview.getByRole('button', { name: 'Download File' }).click();
    await expect(failed).toBeVisible();
    await dismiss();
    await preview.getByRole('button', { name: 'Close' }).click();

    // A shipment page's document list (one the handler handles), with the link itself failing this time.
    const shipmentId = await firstId(page.request, '/api/documents/assignable-shipments');
    const assigned = await page.request.put(`/api/documents/${encodeURIComponent(doc.name)}/assignment`, {
      data: { shipment_id: shipmentId },
      headers: { origin: origin() },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await page.goto(`/shipment/${shipmentId}`);
    await page.route('**/api/files/**', (route) => route.abort());
    await page.getByTestId('shipment-document').filter({ hasText: doc.original_name }).getByRole('button', { name: `Download ${doc.original_name}` }).click();
    await expect(failed).toBeVisible();
  });
});
