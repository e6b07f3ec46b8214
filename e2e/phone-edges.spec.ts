import { DEMO, expect, shot, signInApi, test } from './fixtures';
import { cutOffButtons, smallTapTargets } from './phone-checks';

// Issue 45, phone rough edges: on every page a customer opens on a phone, every control is a 44 px tap target (the
// checklist's Upload, back links, attachments' View and Download, Revoke, the pager, radio and segmented choices),
// and no button's words are cut off ("Turn on two-factor authenticati").

test('a customer’s pages on a phone: every control a 44 px tap target, no button text cut off', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  const first = async (path: string) => ((await (await page.request.get(path)).json()) as { rows: { id: string }[] }).rows[0]!.id;
  const shipment = await first('/api/shipments?pageSize=1');
  const request = await first('/api/requests?pageSize=1');
  const invoice = await first('/api/invoices?pageSize=1');
  const pages: [string, string][] = [
    ['/dashboard', 'What needs your answer'],
    ['/all-shipments', 'All Shipments'],
    [`/all-shipments/${shipment}`, 'Where it is'],
    ['/checklist/owed', 'Papers to send'],
    ['/requests', 'Requests'],
    [`/requests/${request}`, 'Back to Requests'],
    ['/requests/new', 'New Request'],
    ['/invoices', 'Invoices'],
    [`/invoices/${invoice}`, 'Download PDF'],
    ['/messages', 'Messages'],
    ['/profile', 'Turn on two-factor authentication'],
  ];
  for (const [path, landmark] of pages) {
    await page.goto(path);
    await expect(page.getByText(landmark, { exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The whole page, scrolled through: controls below the fold count too.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await smallTapTargets(page), `${path} at ${y}px`).toEqual([]);
      expect(await cutOffButtons(page), `${path} at ${y}px`).toEqual([]);
    }
  }
  // The button the audit found cut off, whole on two lines.
  await page.evaluate(() => window.scrollTo(0, 0));
  const twoFactor = page.getByRole('button', { name: 'Turn on two-factor authentication' });
  await twoFactor.scrollIntoViewIfNeeded();
  expect((await twoFactor.boundingBox())!.width).toBeLessThanOrEqual(390);
  await shot(page, 'phone-profile-two-factor-390');
});
