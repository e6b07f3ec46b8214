import { DEMO, expect, shot, signInApi, test } from './fixtures';

// Issue 17 (and issue 15's request pages): staff pages work at 768 px (a tablet, or a laptop window beside another):
// nothing wider than the screen, the tables scroll inside their frames, and the menu stays in reach.

test('staff pages at 768 px are never wider than the screen', async ({ page }) => {
  // Nineteen pages, each waited on until the network is quiet: more than the default 30 s on a busy CI machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 768, height: 1000 });
  await signInApi(page.request, DEMO.admin);
  const first = async (url: string) => ((await (await page.request.get(url)).json()) as { rows: { id: string }[] }).rows[0]!.id;
  const shipment = await first('/api/shipments?pageSize=1');
  const company = await first('/api/companies?pageSize=1');
  const request = await first('/api/requests?pageSize=1');
  const pages = [
    '/dashboard', '/all-shipments', '/sea-shipments', `/shipment/${shipment}`, `/shipment/${shipment}/edit`, '/shipments/new',
    '/exceptions', '/companies', `/companies/${company}`, '/documents', '/staff', '/audit', '/airports', '/seaports', '/carriers', '/profile',
    '/requests', `/requests/${request}`, '/messages',
  ];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${url} is ${width} px wide`).toBeLessThanOrEqual(768);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }
  await page.goto('/all-shipments');
  await shot(page, 'staff-all-shipments-768');
});
