import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { clickTo, DEMO, expect, origin, shot, signInAs, test } from './fixtures';

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
      await clickTo(page, menu.getByRole('link', { name: 'Rate cards' }), /\/rates$/);
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
  await signInAs(customer, DEMO.customer, { at: '/rates' });
  await expect(customer).toHaveURL(/\/dashboard$/);
  await context.close();
});

// The "done when": an administrator imports a carrier's air sheet (Excel) and a sell sheet (CSV) through the
// import page, a bad sheet first refused row by row; a handler prices a customer's air request from them in one
// click, sends the quote, and the customer accepts: the shipment carries the lines, the costs and the margin.
const SHEET = ['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Priority', 'Carrier', 'Minimum', 'Rate', '+45', '+100', '+300', '+500', '+1000', 'FSC per kg', 'SSC per kg'];
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A customer's air request from Istanbul to Germany: 3 pieces of 120 x 80 x 100 cm and 450 kg, 480 kg chargeable (the example). */
async function airRequest(request: APIRequestContext, to: { airport: string; city: string }, readyInDays: number): Promise<string> {
  const created = await request.post('/api/requests', {
    headers: { origin: origin() },
    data: {
      mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: to.airport,
      destination_city: to.city, destination_country: 'DE', cargo_ready_date: inDays(readyInDays), cargo_description: 'Machine parts, 3 crates', weight_gross: 450,
      pieces: [{ count: 3, length: 120, width: 80, height: 100, unit: 'cm', weight: 150 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function uploadSheet(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

test('an administrator imports an air buy sheet and a sell sheet; a handler prices a request from them in one click; the accepted quote books its lines', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInAs(page, DEMO.admin, { at: '/rates' });
  await page.getByRole('button', { name: 'Import a rate sheet' }).click();
  await expect(page).toHaveURL(/\/import\?kind=rate_cards/);
  await expect(page.getByRole('radio', { name: 'Rate sheets' })).toBeChecked();
  // The air template is the header row the import reads.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Excel template' }).click();
  expect((await readSheet(fs.readFileSync(await (await download).path())))[0]).toEqual([...SHEET.slice(0, 9), 'Customer', 'Basis', ...SHEET.slice(9)]);

  // A bad sheet: +100 and +45 the wrong way round in row 2, an unknown airport in row 3, a negative rate in row 4.
  const cells = (values: (string | number | Date)[]) => values.map((v) => (v instanceof Date ? { value: v, type: Date, format: 'yyyy-mm-dd' } : typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String }));
  const from = new Date(`${inDays(-7)}T00:00:00Z`);
  const to = new Date(`${inDays(60)}T00:00:00Z`);
  const buyRow = (extra: Record<number, string | number>) => cells(Object.assign(['buy', 'air', 'IST', 'MUC', 'EUR', from, to, 0, 'Turkish Cargo', 75, 4.1, 3.2, 2.6, 2.1, 1.85, 1.6, 0.85, 0.15], extra));
  const bad = await writeExcelFile([cells(['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Priority', 'Carrier', 'Minimum', 'Rate', '+100', '+45', '+300', '+500', '+1000', 'FSC per kg', 'SSC per kg']), buyRow({}), buyRow({ 3: 'XQZ', 11: '' }), buyRow({ 3: 'BER', 10: -4.1, 11: '' })]).toBuffer();
  await uploadSheet(page, 'turkish-cargo-bad.xlsx', bad);
  const result = page.getByTestId('import-result');
  await expect(result.getByText('Has problems')).toBeVisible();
  const problems = result.getByTestId('import-problems');
  await expect(problems).toContainText('3 problems in 3 rows');
  await expect(problems.getByRole('row', { name: /^2 \+45/ })).toContainText('Each break starts above the previous one');
  await expect(problems.getByRole('row', { name: /^3 Destination/ })).toContainText('XQZ is not an airport in Cargodesk');
  await expect(problems.getByRole('row', { name: /^4 Rate/ })).toContainText('Enter an amount');
  await shot(page, 'rates-sheet-problems-1280');

  // The carrier's sheet as it should be (Excel: numbers and dates as cells), then the sell sheet as CSV.
  await uploadSheet(page, 'turkish-cargo-air.xlsx', await writeExcelFile([cells(SHEET), buyRow({})]).toBuffer());
  await expect(result.getByTestId('import-counts')).toHaveText('1 row. Will create 1, update 0, skip 0.');
  await result.getByRole('button', { name: 'Import 1 record' }).click();
  await expect(result.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  const sell = `${SHEET.join(',')}\r\nsell,air,IST,MUC,EUR,${inDays(-7)},${inDays(60)},0,,90.00,4.75,3.70,3.00,2.45,2.15,1.85,0.98,0.18\r\n`;
  await uploadSheet(page, 'public-sell-air.csv', Buffer.from(sell));
  await expect(result.getByTestId('import-counts')).toHaveText('1 row. Will create 1, update 0, skip 0.');
  await result.getByRole('button', { name: 'Import 1 record' }).click();
  await expect(result.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await result.getByRole('link', { name: 'Open the rate cards' }).click();
  await expect(page.getByTestId('rate-card-row').filter({ hasText: 'IST → MUC' })).toHaveCount(2);

  const customerContext = await browser.newContext({ baseURL: origin(), extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.10' } });
  const customer = customerContext.request;
  const headers = { origin: origin() };
  const asked = await customer.post('/api/auth/sign-in/email', { data: { email: DEMO.customer, password: 'cargodesk-demo' }, headers });
  expect(asked.status()).toBe(200);
  const id = await airRequest(customer, { airport: 'MUC', city: 'Munich' }, 3);

  const staff = await browser.newContext({ baseURL: origin(), extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.11' } });
  const handler = await staff.newPage();
  await signInAs(handler, DEMO.export, { at: `/requests/${id}` });
  const quote = handler.getByRole('region', { name: 'Quote' });
  await quote.getByRole('button', { name: 'Price from rates' }).click();
  await expect(handler.getByText('Priced from rate cards')).toBeVisible();
  const totals = quote.getByRole('table', { name: 'Totals per currency' });
  // Sold on the imported public card (1,075.00 + 470.40 + 86.40 = 1,631.80 EUR), bought from Turkish Cargo's sheet
  // (925.00 + 408.00 + 72.00 = 1,405.00 EUR): 226.80 margin.
  const eur = totals.getByRole('row').filter({ hasText: 'EUR' });
  await expect(eur).toContainText('1,631.80');
  await expect(eur).toContainText('1,405.00');
  await expect(eur).toContainText('226.80');
  await quote.getByLabel('Valid Until').fill(inDays(14));
  await shot(handler, 'rates-quote-priced');
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(quote.getByTestId('quote-sent-notice')).toBeVisible();

  const accepted = await customer.post(`/api/requests/${id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await customerContext.close();
  const booked = ((await (await handler.request.get(`/api/requests/${id}`)).json()) as { request: { shipment_id: string } }).request.shipment_id;
  expect(booked).toBeTruthy();
  const charges = (await (await handler.request.get(`/api/shipments/${booked}/charges`)).json()) as { lines: { side: string; code: string | null; amount: string; currency: string }[] };
  const line = (side: string, code: string) => charges.lines.find((l) => l.side === side && l.code === code);
  expect(line('sell', 'FRT')).toMatchObject({ amount: '1075.00', currency: 'EUR' });
  expect(line('buy', 'FRT')).toMatchObject({ amount: '925.00', currency: 'EUR' });
  expect(line('sell', 'FSC')).toMatchObject({ amount: '470.40' });
  expect(line('buy', 'FSC')).toMatchObject({ amount: '408.00' });
  await staff.close();
});

test('a rate card copied to new days on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.export);
  // A card of its own to copy (the demo cards stay as the other tests count them).
  const made = await page.request.post('/api/rate-cards', {
    headers: { origin: origin() },
    data: {
      side: 'sell', mode: 'air', origin: 'ESB', destination: 'BER', currency: 'EUR', valid_from: inDays(-20), valid_to: inDays(10),
      freight: { basis: 'per_kg', minimum: '80.00', breaks: [{ from: '0', rate: '3.90' }, { from: '100', rate: '3.10' }] }, surcharges: [{ code: 'FSC', basis: 'per_kg', amount: '0.95' }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/rates');
  await page.getByRole('textbox', { name: 'From' }).first().fill('ESB');
  await page.getByRole('textbox', { name: 'To' }).first().fill('BER');
  const cards = page.getByTestId('rate-card');
  await expect(cards).toHaveCount(1);
  await cards.getByRole('button', { name: 'Copy ESB → BER of Public tariff to new days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy to new days' });
  // The next period is proposed: from the day after the card ends, as long as it ran.
  await expect(dialog.getByLabel('Valid from')).toHaveValue(inDays(11));
  await expect(dialog.getByLabel('Valid to')).toHaveValue(inDays(41));
  await shot(page, 'rates-copy-390');
  await dialog.getByRole('button', { name: 'Copy card' }).click();
  await expect(page.getByText('Rate card copied')).toBeVisible();
  await expect(cards).toHaveCount(2);
  // A copy over days the new card holds, with its priority, is refused on the Priority field; with a higher one it is taken.
  await cards.last().getByRole('button', { name: /^Copy/ }).click();
  await dialog.getByLabel('Valid from').fill(inDays(30));
  await dialog.getByLabel('Valid to').fill(inDays(40));
  await dialog.getByRole('button', { name: 'Copy card' }).click();
  await expect(dialog.getByText(/overlaps these days with the same priority/)).toBeVisible();
  await dialog.getByLabel('Priority').fill('5');
  await dialog.getByRole('button', { name: 'Copy card' }).click();
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('3.10');
});

test('a customer on a phone sees an indicative price on a waiting request, from the public tariff', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.customer);
  const id = await airRequest(page.request, { airport: 'FRA', city: 'Frankfurt' }, 5);
  await page.goto(`/requests/${id}`);
  const card = page.getByTestId('indicative-price');
  // The demo's public sell card IST-FRA for 480 kg chargeable: 1,075.00 + 470.40 + 86.40 + 35.00.
  await expect(card.getByTestId('indicative-total')).toHaveText('1,666.80 EUR');
  await expect(card).toContainText('Your quote may differ');
  await shot(page, 'rates-indicative-390');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an administrator adds a zone of airports; a card to the zone prices each of them', async ({ page }) => {
  await signInAs(page, DEMO.admin, { at: '/rates' });
  const zones = page.getByRole('region', { name: 'Zones' });
  const form = zones.getByRole('form', { name: 'New zone' });
  await form.getByRole('textbox', { name: 'Code' }).fill('@NORDICS');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nordic hubs');
  await form.getByRole('textbox', { name: 'Places' }).fill('CPH, ARN, OSL, XQZ');
  await form.getByRole('button', { name: 'Add zone' }).click();
  await expect(form.getByText('XQZ is not an airport in Cargodesk')).toBeVisible();
  await form.getByRole('textbox', { name: 'Places' }).fill('CPH, ARN, OSL');
  await form.getByRole('button', { name: 'Add zone' }).click();
  const zone = zones.getByTestId('rate-zone').filter({ hasText: '@NORDICS' });
  await expect(zone).toContainText('Airports: CPH, ARN, OSL');
  await expect(zone).toContainText('0 cards');

  const card = await page.request.post('/api/rate-cards', {
    headers: { origin: origin() },
    data: {
      side: 'sell', mode: 'air', origin: 'IST', destination: '@NORDICS', currency: 'EUR', valid_from: inDays(-5), valid_to: inDays(30),
      freight: { basis: 'per_kg', minimum: '90.00', breaks: [{ from: '0', rate: '3.40' }] }, surcharges: [],
    },
  });
  expect(card.status(), await card.text()).toBe(201);
  await page.reload();
  await expect(zone).toContainText('1 card');
  await expect(zone.getByRole('button', { name: 'Remove zone @NORDICS' })).toBeDisabled();
  const price = page.getByRole('region', { name: 'Price a lane' });
  await price.getByRole('textbox', { name: 'To' }).fill('OSL');
  await price.getByRole('textbox', { name: 'Chargeable weight (kg)' }).fill('100');
  await price.getByRole('button', { name: 'Price' }).click();
  await expect(page.getByTestId('priced-rate').filter({ hasText: 'Public tariff' }).getByTestId('priced-total')).toHaveText('340.00 EUR');
  await shot(page, 'rates-zones-1280');
});
