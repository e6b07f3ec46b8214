import { request as playwrightRequest } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, shot, shotOf, signInAs, test } from './fixtures';

// Issue 18, service keys: a person makes a key on My Profile, copies it once, another system uses it with no cookie
// and no Origin, and a revoke in the list stops it at once. An administrator at desktop width through 127.0.0.1; a
// customer on a phone through localhost.

test.describe.configure({ timeout: 120_000 });

const cases = [
  { who: 'administrator', email: DEMO.admin, width: 1280, host: '127.0.0.1' },
  { who: 'customer', email: DEMO.customer, width: 390, host: 'localhost' },
] as const;

for (const c of cases) {
  test(`a ${c.who} makes an API key, uses it from another system and revokes it (${c.width} px)`, async ({ page }) => {
    const site = `http://${c.host}:${process.env.E2E_PORT}`;
    await page.setViewportSize({ width: c.width, height: c.width < 500 ? 844 : 900 });
    if (c.host === 'localhost') {
      await signInAs(page, c.email);
    } else {
      // As a new user would at the machine's address: the sign-in form, whose cookie belongs to this host.
      await page.goto(`${site}/signin`);
      await page.getByLabel('Email').fill(c.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${site}/dashboard`);
    }
    await page.goto(`${site}/profile`);
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: 'New API key' }).click();

    const dialog = page.getByRole('dialog', { name: 'New API key' });
    // The form's own rules, before anything is sent.
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Enter a name for the key (at most 100 characters)')).toBeVisible();
    const name = `E2E ${c.who} ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByText('Enter a name for the key (at most 100 characters)')).toHaveCount(0);
    if (c.who === 'administrator') {
      await expect(dialog.getByText('Choose the role the key acts with: Administrator, Export Handler or Import Handler')).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Acts as' }).click();
      await page.getByRole('option', { name: 'Export Handler' }).click();
    } else {
      await expect(dialog.getByText('Acts as')).toHaveCount(0);
    }
    await dialog.getByLabel('Requests per minute').fill('30');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secretBox = dialog.getByTestId('api-key-secret');
    await expect(secretBox).toBeVisible();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByText('shown only this once')).toBeVisible();
    if (c.width < 500) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
    await shot(page, `api-key-created-${c.width}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Another system: no cookie, no Origin, only the key.
    const system = await playwrightRequest.newContext({ baseURL: site, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
    const me = await system.get('/api/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ role: c.who === 'administrator' ? 'export' : 'customer' });
    expect(me.headers()['ratelimit-policy']).toBe('"key";q=30;w=60');
    const shipments = await system.get('/api/shipments?pageSize=5');
    expect(shipments.status()).toBe(200);

    // The list shows the use; a revoke stops the key at once.
    await page.reload();
    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await expect(row).toContainText(secret.slice(0, 12));
    await expect(row).toContainText('2 requests');
    await expect(row).toContainText(c.who === 'administrator' ? 'Acts as Export Handler' : 'Company key');
    await shotOf(section, `api-keys-list-${c.width}`);
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    const after = await system.get('/api/me');
    expect(after.status()).toBe(401);
    expect(((await after.json()) as { error: { message: string } }).error.message).toContain('not valid');
    await system.dispose();
  });
}

test('handlers have no API keys on My Profile', async ({ page }) => {
  await signInAs(page, DEMO.export, { at: '/profile' });
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'API keys' })).toHaveCount(0);
});
