import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { DEMO, expect, origin, shot, signInApi, test } from './fixtures';

// Issue 17, phone-first customer pages: on a phone a customer's shipment list is cards (reference, status, type,
// route, dates), not a table that scrolls sideways; a card opens the shipment. Staff keep the table.

for (const width of [360, 390]) {
  test(`a customer's shipment list is cards at ${width} px, and a card opens the shipment`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInApi(page.request, DEMO.customer);
    await page.goto('/all-shipments');
    const cards = page.getByTestId('shipment-cards');
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = cards.getByTestId('shipment-row').first();
    await expect(first.getByTestId('status-badge')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A card's dates line breaks between the schedule and the creation date, never inside a date ("29 Nov / 2026").
    const parts = await cards.getByTestId('card-dates').locator('span').evaluateAll((spans) => spans.map((s) => s.getClientRects().length));
    expect(parts.length).toBeGreaterThan(1);
    expect(new Set(parts)).toEqual(new Set([1]));
    await shot(page, `customer-list-cards-${width}`);
    const reference = (await first.locator('p').first().innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(/\/all-shipments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: reference })).toBeVisible();
  });
}

test("a customer's dashboard lists recent shipments as cards at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInApi(page.request, DEMO.customer);
  await page.goto('/dashboard');
  const recent = page.getByLabel('Recent Shipments');
  await expect(recent.getByTestId('shipment-cards')).toBeVisible();
  await expect(recent.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'customer-dashboard-360');
});

test("a customer's sea shipment stacks its containers at 360 px, and nothing is wider than the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInApi(page.request, DEMO.customer);
  // A sea shipment of the demo data (CD-S...), not one another spec created.
  const list = await page.request.get('/api/shipments?type=sea&q=CD-S&pageSize=1');
  const id = ((await list.json()) as { rows: { id: string }[] }).rows[0]!.id;
  await page.goto(`/all-shipments/${id}`);
  const blocks = page.getByTestId('container-blocks');
  await expect(blocks).toBeVisible();
  await expect(blocks.getByText(/^[A-Z]{4}\d{7}$/).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Containers' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'customer-detail-360');
});

test('staff keep the table on a phone, and a customer keeps it at desktop width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInApi(page.request, DEMO.admin);
  await page.goto('/all-shipments');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('shipment-cards')).toHaveCount(0);
  // At 1280 px every column of the staff table fits beside the menu (it scrolls only on narrower screens).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => page.getByRole('table').locator('xpath=..').evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  await signInApi(page.request, DEMO.customer);
  await page.goto('/all-shipments');
  await expect(page.getByRole('table')).toBeVisible();
});

test("on a phone a customer's filters fold into a drawer that counts what is set, and clearing them empties the count", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInApi(page.request, DEMO.customer);
  await page.goto('/all-shipments');
  await expect(page.getByTestId('shipment-cards')).toBeVisible();
  // The search stays on the page; the selects do not.
  await expect(page.getByRole('textbox', { name: 'Search shipments' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  // A sheet from the bottom, as tall as its filters: the list stays in sight above it.
  await expect.poll(async () => Math.round(await drawer.evaluate((e) => e.getBoundingClientRect().bottom))).toBe(800);
  expect((await drawer.boundingBox())!.y).toBeGreaterThan(200);
  await drawer.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Sea', exact: true }).click();
  await expect(page).toHaveURL(/type=sea/);
  await shot(page, 'customer-filters-drawer-360');
  await drawer.getByRole('button', { name: 'Show Shipments' }).click();
  await expect(drawer).toBeHidden();
  await expect(filters).toContainText('1');
  // Every card shown is a sea shipment, and nothing is wider than the screen.
  const types = await page.getByTestId('shipment-cards').getByTestId('type-badge').allInnerTexts();
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types.map((t) => t.trim().toLowerCase()))).toEqual(new Set(['sea']));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/type=/);
  await expect(filters).toHaveText('Filters');
});

test("on a phone a customer's invoice filters fold into the same sheet, and a state chosen there filters the cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  await page.goto('/invoices');
  await expect(page.getByTestId('invoice-cards')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search invoices' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveCount(0);
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect.poll(async () => Math.round(await sheet.evaluate((e) => e.getBoundingClientRect().bottom))).toBe(844);
  expect((await sheet.boundingBox())!.y).toBeGreaterThan(200);
  // Labelled on screen in the sheet.
  await expect(sheet.getByText('Issued from', { exact: true })).toBeVisible();
  await sheet.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Partly paid', exact: true }).click();
  await expect(page).toHaveURL(/state=partly_paid/);
  await shot(page, 'customer-invoice-filters-390');
  await sheet.getByRole('button', { name: 'Show invoices' }).click();
  await expect(sheet).toBeHidden();
  await expect(filters).toContainText('1');
  const states = await page.getByTestId('invoice-cards').getByTestId('invoice-row').allInnerTexts();
  expect(states.length).toBeGreaterThan(0);
  for (const card of states) expect(card).toMatch(/partly paid/i);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(filters).toHaveText('Filters');
});

test('staff keep their filters in the row on a phone (their list stays a table)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.admin);
  await page.goto('/all-shipments');
  await expect(page.getByRole('checkbox', { name: 'Failed data checks' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});

test("a customer's phone folds a long container list after five, and unfolds it on a tap (issue 41)", async ({ page, browser }) => {
  // Twelve containers with valid ISO 6346 numbers on a sea shipment of the customer's company, made by an admin.
  const admin = await browser.newContext();
  await signInApi(admin.request, DEMO.admin);
  const companies = await admin.request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } });
  const options = (await companies.json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(options) ? options : options.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const containers = Array.from({ length: 12 }, (_, i) => {
    const first10 = `MSCU${String(200100 + i).padStart(6, '0')}`;
    return { type: '40HC', number: `${first10}${containerCheckDigit(first10)}`, carrier_seal_number: `SL-${i + 1}`, weight: 8000, volume: 60, packages_count: 10, package_type: 'pallet' };
  });
  const made = await admin.request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export', type: 'sea', reference_number: `E2E-FOLD-${Date.now().toString(36)}`, company_id: company.id, cargo_description: 'Cotton towels',
      package_type: 'pallet', packages_count: 120, weight_gross: 96000, origin_port: 'Istanbul', origin_port_country: 'TR', destination_port: 'Rotterdam',
      destination_port_country: 'NL', estimated_arrival: '2026-12-20T18:00:00.000Z', containers,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await admin.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  await page.goto(`/all-shipments/${id}`);
  const blocks = page.getByTestId('container-blocks');
  await expect(blocks.getByText(/^MSCU\d{7}$/)).toHaveCount(5);
  await expect(blocks).toContainText('10 × Pallet');
  const more = blocks.getByRole('button', { name: 'Show all 12 containers' });
  const box = await more.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await more.click();
  await expect(blocks.getByText(/^MSCU\d{7}$/)).toHaveCount(12);
  await expect(blocks.getByRole('button', { name: 'Show fewer containers' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'customer-containers-folded-390');
});
