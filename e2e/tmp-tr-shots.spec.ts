import { DEMO, expect, shot, shotOf, signInApi, test } from './fixtures';

test.use({ locale: 'tr-TR', viewport: { width: 390, height: 844 } });

test('turkish customer screens', async ({ page }) => {
  test.setTimeout(120_000);
  await signInApi(page.request, DEMO.customer);
  await page.goto('/dashboard');
  await expect(page.getByTestId('customer-actions')).toBeVisible();
  await shotOf(page.getByTestId('customer-actions'), 'tr-actions-390');
  await page.goto('/checklist/owed');
  await expect(page.getByTestId('owed-paper').first()).toBeVisible();
  await shot(page, 'tr-owed-390');
  const list = (await (await page.request.get('/api/shipments?pageSize=20')).json()) as { rows: { id: string; type: string }[] };
  const sea = list.rows.find((r) => r.type === 'sea')!;
  await page.goto(`/all-shipments/${sea.id}`);
  await expect(page.getByTestId('where-it-is')).toBeVisible();
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/tr-shipment-first-screen-390.png` });
  const link = await page.request.post(`/api/shipments/${sea.id}/share-links`, { data: { expires_in_days: 1 }, headers: { origin: `http://localhost:${process.env.E2E_PORT}` } });
  const token = ((await link.json()) as { token: string }).token;
  await page.goto(`/t/${token}`);
  await expect(page.getByTestId('tracking-route')).toBeVisible();
  await shot(page, 'tr-share-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('customer-actions')).toBeVisible();
  await shot(page, 'tr-dashboard-1280');
});
