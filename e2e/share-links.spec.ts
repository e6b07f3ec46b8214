import { DEMO, DEMO_PASSWORD, expect, shot, shotOf, signInApi, test } from './fixtures';

// Issue 17, share-tracking links: a link made on a shipment's page opens a read-only page without signing in, shows
// no money, and stops working when revoked. On a phone as the customer (at localhost), and at desktop width as an
// administrator who opened the portal by address (http://127.0.0.1:PORT): the link then carries that address.

type Row = { id: string; reference_number: string };

for (const width of [390, 1280]) {
  test(`a tracking link shows the shipment without signing in and stops when revoked (${width} px)`, async ({ page, browser }) => {
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    const site = phone ? '' : `http://127.0.0.1:${process.env.E2E_PORT}`;
    let shipment: Row;
    if (phone) {
      await signInApi(page.request, DEMO.customer);
      // A sea shipment of the demo data (CD-S...), not one another spec created.
      const list = await page.request.get('/api/shipments?type=sea&q=CD-S&pageSize=1');
      shipment = ((await list.json()) as { rows: Row[] }).rows[0]!;
      await page.goto(`/all-shipments/${shipment.id}`);
    } else {
      await page.goto(`${site}/signin`);
      await page.getByLabel('Email').fill(DEMO.admin);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${site}/dashboard`);
      const list = await page.request.get(`${site}/api/shipments?type=sea&q=CD-S&pageSize=1`);
      shipment = ((await list.json()) as { rows: Row[] }).rows[0]!;
      await page.goto(`${site}/shipment/${shipment.id}`);
    }

    const section = page.getByRole('region', { name: 'Tracking Links' });
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: 'Share tracking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Valid for (days)').fill('7');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^${phone ? `http://localhost:${process.env.E2E_PORT}` : site.replace(/\./g, '\\.')}/t/[A-Za-z0-9_-]{43}$`));
    await expect(dialog.getByText('shown only once')).toBeVisible();
    await shot(page, `share-link-created-${width}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = section.getByTestId('share-link-row').filter({ hasText: url.slice(-6) });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('0 views');

    // Someone without an account opens it.
    const stranger = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 } });
    const other = await stranger.newPage();
    const answer = await other.goto(url);
    expect(answer!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(other.getByRole('heading', { name: shipment.reference_number })).toBeVisible();
    await expect(other.getByTestId('status-badge')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Status milestones' })).toBeVisible();
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const text = await other.locator('body').innerText();
    for (const money of ['USD', 'EUR', 'TRY', 'Profit', 'Revenue', 'Internal']) expect(text).not.toContain(money);
    // Nothing sideways on a phone.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(other, `share-page-${width}`);

    // The stranger's visit is counted (exact counts are checked in share-links.api.test.ts).
    await page.reload();
    await expect(row).toContainText(/[1-9]\d* views?/);
    await expect(row).not.toContainText('0 views');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Revoked');
    await shotOf(section, `share-links-section-${width}`);

    await other.reload();
    await expect(other.getByTestId('tracking-unavailable')).toBeVisible();
    await expect(other.getByText('This tracking link is not available')).toBeVisible();
    await expect(other.getByText(shipment.reference_number)).toHaveCount(0);
    await shot(other, `share-page-revoked-${width}`);
    await stranger.close();
  });
}
