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
