import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, shot, shotOf, signInApi, test } from './fixtures';

// Issue 38, charge lines: on a customer's shipment an administrator adds a freight line in USD and a BAF line in EUR
// on the Charges panel, and a freight cost with its carrier, and reads the job's profit per currency; the customer,
// on a phone, sees the two charges and their totals, and no cost. Screenshots of the panel and the card at 1280 and
// 390 px.

type Totals = { currency: string; total_revenue: string; total_cost: string; profit: string; margin_percent: string }[];

/** Cents of a decimal string with two places, as a BigInt (no float on money). */
const cents = (s: string | undefined) => BigInt((s ?? '0.00').replace('.', ''));

async function totalsOf(request: APIRequestContext, shipmentId: string): Promise<Totals> {
  const res = await request.get(`/api/shipments/${shipmentId}/charges`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totals: Totals }).totals;
}

/** Picks an option of a Mantine select in the dialog by typing part of it. */
async function choose(page: Page, dialog: Locator, label: string, typed: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function addLine(page: Page, panel: Locator, kind: 'charge' | 'cost', line: { code: string; quantity: string; price: string; currency: string; carrier?: boolean }) {
  await panel.getByRole('button', { name: kind === 'charge' ? 'Add charge' : 'Add cost' }).click();
  const dialog = page.getByRole('dialog', { name: kind === 'charge' ? 'Add charge' : 'Add cost' });
  await expect(dialog).toBeVisible();
  await choose(page, dialog, 'Charge code', line.code, new RegExp(`^${line.code} · `));
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill(line.quantity);
  await dialog.getByRole('textbox', { name: 'Unit price' }).fill(line.price);
  await choose(page, dialog, 'Currency', line.currency, line.currency);
  if (line.carrier) {
    await dialog.getByRole('combobox', { name: 'Supplier kind', exact: true }).click();
    await page.getByRole('option', { name: 'Carrier' }).click();
    await dialog.getByRole('combobox', { name: 'Supplier', exact: true }).click();
    await page.getByRole('option').first().click();
  }
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a handler prices a job in two currencies with a cost; the customer sees the charges and no cost', async ({ browser, page, request }) => {
  test.setTimeout(300_000);
  // One of the demo customer's shipments.
  await signInApi(request, DEMO.customer);
  const list = await request.get('/api/shipments?pageSize=5');
  const shipment = ((await list.json()) as { rows: { id: string; reference_number: string }[] }).rows[0]!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInApi(page.request, DEMO.admin);
  const before = await totalsOf(page.request, shipment.id);
  await page.goto(`/shipment/${shipment.id}`);
  const panel = page.getByRole('region', { name: 'Charges' });
  await expect(panel).toBeVisible({ timeout: 60_000 });

  await addLine(page, panel, 'charge', { code: 'FRT', quantity: '2', price: '1200.50', currency: 'USD' });
  await addLine(page, panel, 'charge', { code: 'BAF', quantity: '2', price: '85', currency: 'EUR' });
  await addLine(page, panel, 'cost', { code: 'FRT', quantity: '2', price: '950', currency: 'USD', carrier: true });

  const charges = panel.getByTestId('charge-lines');
  await expect(charges.getByTestId('charge-line').filter({ hasText: 'FRT' }).last()).toContainText('2,401.00 USD');
  await expect(charges.getByTestId('charge-line').filter({ hasText: 'BAF' })).toContainText('170.00 EUR');
  await expect(panel.getByTestId('cost-lines').getByTestId('charge-line').last()).toContainText('1,900.00 USD');

  // The job's profit per currency: what the lines added, on top of what the shipment had.
  const after = await totalsOf(page.request, shipment.id);
  const of = (t: Totals, c: string) => t.find((x) => x.currency === c);
  expect(cents(of(after, 'USD')?.total_revenue) - cents(of(before, 'USD')?.total_revenue)).toBe(240100n);
  expect(cents(of(after, 'USD')?.total_cost) - cents(of(before, 'USD')?.total_cost)).toBe(190000n);
  expect(cents(of(after, 'USD')?.profit) - cents(of(before, 'USD')?.profit)).toBe(50100n);
  expect(cents(of(after, 'EUR')?.profit) - cents(of(before, 'EUR')?.profit)).toBe(17000n);
  const usd = panel.getByTestId('charge-total-USD');
  await expect(usd).toContainText(of(after, 'USD')!.profit.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await expect(usd).toContainText(`${of(after, 'USD')!.margin_percent}%`);
  await expect(panel.getByTestId('charge-total-EUR')).toBeVisible();
  await shotOf(panel, 'charges-panel-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(panel.getByTestId('charge-totals')).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotOf(panel, 'charges-panel-390');

  // The customer, on a phone: the charges and their totals, never a cost.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '10.250.3.8' } });
  const phone = await customerContext.newPage();
  await signInApi(phone.request, DEMO.customer);
  await phone.goto(`/all-shipments/${shipment.id}`);
  const card = phone.getByRole('region', { name: 'Charges' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('customer-charge').filter({ hasText: 'FRT' })).toContainText('2,401.00 USD');
  await expect(card.getByTestId('customer-charge').filter({ hasText: 'BAF' })).toContainText('170.00 EUR');
  await expect(card.getByTestId('customer-charge-totals')).toContainText('Total USD');
  await expect(card).not.toContainText('1,900.00');
  await expect(card).not.toContainText(/cost|profit|margin/i);
  const raw = await (await phone.request.get(`/api/shipments/${shipment.id}/charges`)).text();
  expect(raw).not.toContain('"buy"');
  expect(raw).not.toContain('1900');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotOf(card, 'charges-customer-390');
  await shot(phone, 'charges-customer-page-390');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shotOf(card, 'charges-customer-1280');
  await customerContext.close();
});

test('the charge codes are an administrator page under Ports & Partners', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInApi(page.request, DEMO.admin);
  await page.goto('/charge-codes');
  await expect(page.getByRole('heading', { name: 'Charge Codes' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Charge codes' })).toContainText('BAF');
  await shot(page, 'charge-codes-1280');
  await signInApi(page.request, DEMO.export);
  await page.goto('/charge-codes');
  await expect(page).toHaveURL(/\/dashboard$/);
});
