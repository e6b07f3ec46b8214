import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

// Issue 40, rate cards: a handler opens Billing › Rate cards, finds the demo cards by lane and the one expiring within
// 14 days, and prices the air example (480 kg IST-FRA): bought at 1,405.00 EUR, sold at 1,666.80 EUR, cheapest
// first; the same lane in USD is converted. An administrator removes a card. At 390 px the cards are a list of cards
// without sideways scrolling. Customers are sent away from the page.

for (const width of [1280, 390]) {
  test(`a handler finds the cards and prices a lane in one click (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInAs(page, DEMO.export);
    if (width === 1280) {
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByText('Billing', { exact: true }).click();
      await menu.getByRole('link', { name: 'Rate cards' }).click();
      await expect(page).toHaveURL(/\/rates$/);
    } else await page.goto('/rates');
    await expect(page.getByRole('heading', { name: 'Rate cards' })).toBeVisible();
    const cards = width === 390 ? page.getByTestId('rate-card') : page.getByTestId('rate-card-row');
    await expect(cards.filter({ hasText: 'IST → FRA' })).toHaveCount(2);
    await expect(cards.filter({ hasText: 'TRIST → DEHAM' })).toHaveCount(2);

    await page.getByLabel('Expiring in 14 days').check();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('IST → JFK');
    await expect(cards.first()).toContainText(/Ends in \d+ days/);
    await page.getByLabel('Expiring in 14 days').uncheck();
    await page.getByRole('textbox', { name: 'From' }).first().fill('trist');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Sea FCL 40HC');

    // The worked example, priced by the lookup: the +500 break applies; buy first (cheapest), then sell.
    const price = page.getByRole('region', { name: 'Price a lane' });
    await expect(price.getByLabel('Chargeable weight (kg)')).toHaveValue('480');
    await price.getByRole('button', { name: 'Price' }).click();
    const priced = page.getByTestId('priced-rate');
    await expect(priced).toHaveCount(2);
    await expect(priced.nth(0)).toContainText('Buy');
    await expect(priced.nth(0)).toContainText('Turkish Cargo');
    await expect(priced.nth(0).getByTestId('priced-total')).toHaveText('1,405.00 EUR');
    await expect(priced.nth(0)).toContainText('925.00 EUR');
    await expect(priced.nth(1).getByTestId('priced-total')).toHaveText('1,666.80 EUR');
    await shot(page, `rates-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('an administrator removes a rate card; a customer is sent away from the page', async ({ page, browser }) => {
  await signInAs(page, DEMO.admin);
  // A card of its own to remove (the demo cards stay for the other tests).
  const card = await page.request.post('/api/rate-cards', {
    headers: { origin: origin() },
    data: {
      side: 'sell', mode: 'air', origin: 'ESB', destination: 'CDG', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-12-31',
      freight: { basis: 'per_kg', minimum: '80.00', breaks: [{ from: '0', rate: '3.90' }] }, surcharges: [],
    },
  });
  expect(card.status(), await card.text()).toBe(201);
  await page.goto('/rates');
  const row = page.getByTestId('rate-card-row').filter({ hasText: 'ESB → CDG' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Remove ESB → CDG of Public tariff' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Rate card removed')).toBeVisible();
  await expect(row).toHaveCount(0);

  const context = await browser.newContext({ baseURL: origin(), extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.9' } });
  const customer = await context.newPage();
  await signInAs(customer, DEMO.customer);
  await customer.goto('/rates');
  await expect(customer).toHaveURL(/\/dashboard$/);
  await context.close();
});

// The "done when": a customer's air request priced from the demo cards in one click, sent and accepted; the
// shipment carries the charges and the costs.
test('a handler prices a customer air request from the rate cards in one click; the accepted quote books its lines', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const customerContext = await browser.newContext({ baseURL: origin(), extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.10' } });
  const customer = customerContext.request;
  const headers = { origin: origin() };
  const asked = await customer.post('/api/auth/sign-in/email', { data: { email: DEMO.customer, password: 'cargodesk-demo' }, headers });
  expect(asked.status()).toBe(200);
  // 3 pieces of 120 x 80 x 100 cm and 450 kg: 480 kg chargeable (the example).
  const created = await customer.post('/api/requests', {
    headers,
    data: {
      mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: 'FRA',
      destination_city: 'Frankfurt', destination_country: 'DE', cargo_ready_date: inDays(3), cargo_description: 'Machine parts, 3 crates', weight_gross: 450,
      pieces: [{ count: 3, length: 120, width: 80, height: 100, unit: 'cm', weight: 150 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInAs(page, DEMO.export);
  await page.goto(`/requests/${id}`);
  const quote = page.getByRole('region', { name: 'Quote' });
  await quote.getByRole('button', { name: 'Price from rates' }).click();
  await expect(page.getByText('Priced from rate cards')).toBeVisible();
  const totals = quote.getByRole('table', { name: 'Totals per currency' });
  // Sold on the public card (1,666.80 EUR), bought from Turkish Cargo (1,405.00 EUR): 261.80 margin.
  await expect(totals.getByRole('row').filter({ hasText: 'EUR' })).toContainText('1,666.80');
  await expect(totals.getByRole('row').filter({ hasText: 'EUR' })).toContainText('1,405.00');
  await expect(totals.getByRole('row').filter({ hasText: 'EUR' })).toContainText('261.80');
  await quote.getByLabel('Valid Until').fill(inDays(14));
  await shot(page, 'rates-quote-priced');
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(quote.getByTestId('quote-sent-notice')).toBeVisible();

  const accepted = await customer.post(`/api/requests/${id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await customerContext.close();
  const booked = ((await (await page.request.get(`/api/requests/${id}`)).json()) as { request: { shipment_id: string } }).request.shipment_id;
  expect(booked).toBeTruthy();
  const charges = (await (await page.request.get(`/api/shipments/${booked}/charges`)).json()) as { lines: { side: string; code: string | null; amount: string; currency: string }[] };
  const freight = (side: string) => charges.lines.find((l) => l.side === side && l.code === 'FRT');
  expect(freight('sell')).toMatchObject({ amount: '1075.00', currency: 'EUR' });
  expect(freight('buy')).toMatchObject({ amount: '925.00', currency: 'EUR' });
});
