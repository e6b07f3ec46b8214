/**
 * Issue 14, "Cargo data the trade can trust", in the browser: dimension lines with the live chargeable weight,
 * container and air waybill numbers checked as typed, parties, incoterm place, HS code, the detail pages, the
 * "Failed data checks" list filter and the carrier codes. Desktop (1280 px) and phone (390 px) widths.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, origin, shot, shotOf, signInApi, signInAs, test } from './fixtures';
import { box, choose, chooseType, expect, fillCommon, getJson, pick, ref, shipmentIdOf, submitAndExpectCreated, type Json } from './shipment-form-helpers';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [DESKTOP, PHONE] as const;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const line = (page: Page, n: number) => page.getByRole('group', { name: `Dimension line ${n}` });
const container = (page: Page, n: number) => page.getByRole('group', { name: `Container ${n}` });

/** Nothing of the page is wider than the window (no sideways scrolling on a phone). */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, window: window.innerWidth }));
  expect(widths.doc, 'document width').toBeLessThanOrEqual(widths.window);
  expect(widths.body, 'body width').toBeLessThanOrEqual(widths.window);
}

async function companyId(request: APIRequestContext, name: string): Promise<string> {
  const rows = (await getJson(request, `/api/companies?q=${encodeURIComponent(name)}`)).rows as Json[];
  return rows.find((c) => c.name === name)!.id as string;
}

/** A sea shipment of the demo customer's company with lines, parties, incoterm, HS code and a container (admin on `request`). */
async function createTradeShipment(request: APIRequestContext) {
  const reference = ref('E2E-CARGO');
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      type: 'sea', loading_type: 'export', reference_number: reference, company_id: await companyId(request, 'Anatolia Textiles Ltd'),
      cargo_description: 'Denim rolls', package_type: 'pallet', packages_count: 6, weight_gross: 2400,
      pieces: [{ count: 2, length: 120, width: 100, height: 150, unit: 'cm', weight: 400 }, { count: 4, length: 48, width: 40, height: 36, unit: 'in' }],
      origin_port: 'Istanbul', origin_port_country: 'TR', destination_port: 'Rotterdam', destination_port_country: 'NL',
      estimated_departure: '2026-07-01T09:00:00.000Z', estimated_arrival: '2026-07-18T09:00:00.000Z',
      containers: [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'SL-9', weight: 2400, volume: 10 }],
      shipper_name: 'Anatolia Textiles Ltd', shipper_address: 'Organize Sanayi Bolgesi\nBursa, Turkey',
      consignee_name: 'Rhein Textil GmbH', consignee_address: 'Hafenstrasse 12\n47119 Duisburg, Germany',
      incoterm: 'FCA', incoterm_place: 'Istanbul', incoterm_version: '2020', hs_code: '6204.62',
      special_instructions: 'Keep dry', internal_notes: 'E2E cargo note',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as Json).id as string, reference };
}

test.describe.configure({ timeout: 120_000 });

test.describe('air shipment with dimension lines (desktop)', () => {
  test.use({ viewport: DESKTOP });

  test("the live totals give MOL Logistics' published example and the staff page shows the calculation", async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/shipments/new' });
    await page.getByRole('radio', { name: 'Export' }).check();
    const reference = ref('E2E-DIMS');
    await fillCommon(page, reference, '150');
    await pick(page, page, 'Airline', 'Turkish', /Turkish Cargo/);
    await pick(page, page, 'Origin Airport', 'IST', /^IST - /);
    await pick(page, page, 'Destination Airport', 'FRA', /^FRA - /);

    // The air waybill number is checked as typed and written in its stored form on leaving the input.
    const mawb = box(page, 'MAWB Number');
    await mawb.pressSequentially('23512345678');
    await expect(page.getByText('MAWB number 235-12345678 has an invalid check digit (expected 5)')).toBeVisible();
    await mawb.fill('235 1234 5675');
    await mawb.press('Tab');
    await expect(mawb).toHaveValue('235-12345675');
    await expect(mawb).not.toHaveAttribute('aria-invalid', 'true');

    // MOL Logistics' worked example: 1 pallet of 140 x 100 x 90 cm, gross 150 kg.
    const cargo = region(page, 'Cargo');
    const summary = page.getByTestId('cargo-summary');
    await expect(page.getByTestId('summary-chargeable')).toHaveText('—');
    await cargo.getByRole('button', { name: 'Add dimension line' }).click();
    await expect(box(line(page, 1), 'Pieces')).toBeFocused();
    await expect(box(line(page, 1), 'Pieces')).toHaveValue('1');
    await box(line(page, 1), 'Length').pressSequentially('140');
    await box(line(page, 1), 'Width').pressSequentially('100');
    await expect(page.getByTestId('summary-volume')).toHaveText('—');
    await box(line(page, 1), 'Height').pressSequentially('9');
    await expect(page.getByTestId('summary-volume')).toHaveText('0.126 m³');
    await expect(page.getByTestId('summary-chargeable')).toHaveText('150.0 kg');
    await box(line(page, 1), 'Height').pressSequentially('0');
    await expect(page.getByTestId('summary-pieces')).toHaveText('1');
    await expect(page.getByTestId('summary-volume')).toHaveText('1.260 m³');
    await expect(page.getByTestId('summary-volumetric')).toHaveText('210.00 kg');
    await expect(page.getByTestId('summary-chargeable')).toHaveText('210.0 kg');
    await expect(summary).toContainText('1,260,000 cm³ / 6,000 = 210.00 kg volumetric; gross 150 kg; chargeable 210.0 kg');
    // With lines the volume is theirs, read-only.
    await expect(box(cargo, 'Volume')).toHaveValue('1.260');
    await expect(box(cargo, 'Volume')).toHaveAttribute('readonly', '');

    // Enter in the last input of the last line adds a line (and does not submit); a line can be removed.
    await box(line(page, 1), 'Weight per Piece').press('Enter');
    await expect(page.getByTestId('dimension-line')).toHaveCount(2);
    await expect(box(line(page, 2), 'Pieces')).toBeFocused();
    await expect(page.getByTestId('shipment-created')).toHaveCount(0);
    await cargo.getByRole('button', { name: 'Remove dimension line 2' }).click();
    await expect(page.getByTestId('dimension-line')).toHaveCount(1);

    // Parties: the customer company as shipper, a free consignee; incoterm with its place; HS code.
    const shipper = page.getByTestId('party-shipper');
    await shipper.getByRole('button', { name: 'Same as customer company' }).click();
    await expect(page.getByTestId('party-shipper-printed')).toContainText('Anatolia Textiles Ltd');
    const consignee = page.getByTestId('party-consignee');
    await consignee.getByText('Name and address', { exact: true }).click();
    await box(consignee, 'Consignee Name').fill('Rhein Textil GmbH');
    await box(consignee, 'Consignee Address').fill('Hafenstrasse 12, Duisburg');
    await choose(page, page, 'Incoterm', 'FCA');
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incoterm Place is required when an incoterm is chosen');
    await expect(box(page, 'Incoterm Place')).toBeFocused();
    await box(page, 'Incoterm Place').fill('Istanbul');
    await box(page, 'HS Code').fill('6204.62');
    await shot(page, 'cargo-form-air-desktop');
    await shotOf(region(page, 'Parties'), 'parties-card-1280');
    await shotOf(region(page, 'Customs'), 'customs-card-1280');

    await submitAndExpectCreated(page, reference, 'Air', 'Arnavutköy, Istanbul, TR → Frankfurt am Main, DE');
    const id = await shipmentIdOf(page.request, reference);
    const saved = await getJson(page.request, `/api/shipments/${id}`);
    expect(saved).toMatchObject({
      volume: 1.26, weight_volumetric: 210, weight_chargeable: 210, mawb_number: '235-12345675', hs_code: '620462',
      incoterm: 'FCA', incoterm_place: 'Istanbul', incoterm_version: '2020', shipper_name: 'Anatolia Textiles Ltd', consignee_name: 'Rhein Textil GmbH',
    });
    expect(saved.pieces).toEqual([{ count: 1, length: 140, width: 100, height: 90, unit: 'cm', weight: null }]);

    await page.goto(`/shipment/${id}`);
    const info = region(page, 'Cargo Information');
    await expect(page.getByTestId('cargo-calculation')).toHaveText('1,260,000 cm³ / 6,000 = 210.00 kg volumetric; gross 150 kg; chargeable 210.0 kg');
    await expect(info.getByRole('table', { name: 'Dimension lines' })).toContainText('140 × 100 × 90 cm');
    await expect(info).toContainText('Chargeable Weight');
    await expect(info).toContainText('210 kg');
    await expect(info).toContainText('6204.62');
    await expect(page.getByTestId('shipment-header')).toContainText('FCA Istanbul, Incoterms 2020');
    await expect(region(page, 'Parties')).toContainText('Rhein Textil GmbH');
    await expect(region(page, 'Transport Details')).toContainText('235-12345675');
    await expect(page.getByTestId('data-checks')).toHaveCount(0);
  });

  test('editing keeps the lines, the parties and the dimensions an older shipment stored', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const reference = ref('E2E-EDITC');
    const anatolia = await companyId(page.request, 'Anatolia Textiles Ltd');
    const airline = ((await getJson(page.request, '/api/carriers?carrier_type=airline&q=Turkish')).rows as Json[])[0]!;
    const res = await page.request.post('/api/shipments', {
      headers: { origin: origin() },
      data: {
        type: 'air', loading_type: 'export', reference_number: reference, company_id: anatolia, carrier_id: airline.id,
        cargo_description: 'Machine parts', package_type: 'crate', packages_count: 3, weight_gross: 120,
        origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: 'LHR', destination_city: 'London', destination_country: 'GB',
        estimated_departure: '2026-05-01T08:00:00.000Z', estimated_arrival: '2026-05-01T14:00:00.000Z',
        length: 120, width: 80, height: 60,
        pieces: [{ count: 3, length: 20, width: 20, height: 20, unit: 'in', weight: 40 }],
        shipper_company_id: anatolia, notify_name: 'Thames Brokers Ltd', notify_address: '1 Dock Road, London',
        incoterm: 'DAP', incoterm_place: 'London', incoterm_version: '2010', hs_code: '8483.40', mawb_number: '235-12345675',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as Json).id as string;

    await page.goto(`/shipment/${id}/edit`);
    await expect(box(line(page, 1), 'Length')).toHaveValue('20');
    await expect(line(page, 1).getByRole('combobox', { name: 'Unit' })).toHaveValue('in');
    await expect(box(line(page, 1), 'Weight per Piece')).toHaveValue('40');
    await expect(page.getByTestId('party-shipper-printed')).toContainText('Anatolia Textiles Ltd');
    await expect(box(page.getByTestId('party-notify'), 'Notify Party Name')).toHaveValue('Thames Brokers Ltd');
    await expect(box(page, 'Incoterm Place')).toHaveValue('London');
    await expect(page.getByRole('combobox', { name: 'Incoterms Version' })).toHaveValue('Incoterms 2010');
    await expect(box(page, 'HS Code')).toHaveValue('8483.40');
    // 3 x 20 x 20 x 20 in = 0.393 m³; x 167 = 65.55 kg volumetric; gross 120 kg.
    await expect(page.getByTestId('summary-calculation')).toHaveText('393,289.54 cm³ / 6,000 = 65.55 kg volumetric; gross 120 kg; chargeable 120.0 kg');

    await box(page, 'Cargo Description').fill('Machine parts, revised');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${id}$`));
    const saved = await getJson(page.request, `/api/shipments/${id}`);
    expect(saved).toMatchObject({
      cargo_description: 'Machine parts, revised', length: 120, width: 80, height: 60, shipper_company_id: anatolia, shipper_name: 'Anatolia Textiles Ltd',
      notify_name: 'Thames Brokers Ltd', incoterm_version: '2010', hs_code: '848340', mawb_number: '235-12345675',
    });
    expect(saved.pieces).toEqual([{ count: 3, length: 20, width: 20, height: 20, unit: 'in', weight: 40 }]);

    // The server's refusal names the field: another airline's prefix marks and focuses the MAWB number.
    await page.goto(`/shipment/${id}/edit`);
    await pick(page, page, 'Airline', 'Lufthansa', /Lufthansa Cargo/);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert')).toHaveText("MAWB prefix 235 does not match the airline's prefix 020");
    await expect(box(page, 'MAWB Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(box(page, 'MAWB Number')).toBeFocused();
  });

  test("a carrier's own volumetric divisor wins in the live totals", async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const name = `E2E Courier ${ref('C')}`;
    const res = await page.request.post('/api/carriers', {
      headers: { origin: origin() },
      data: { name, country: 'Turkey', carrier_type: 'airline', iata_prefix: '235', iata_code: 'TK', volumetric_divisor: 5000 },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/shipments/new');
    await box(page, 'Gross Weight').fill('150');
    await pick(page, page, 'Airline', name, name);
    await region(page, 'Cargo').getByRole('button', { name: 'Add dimension line' }).click();
    await box(line(page, 1), 'Length').fill('140');
    await box(line(page, 1), 'Width').fill('100');
    await box(line(page, 1), 'Height').fill('90');
    // 1,000,000 / 5,000 = 200 kg per m³.
    await expect(page.getByTestId('summary-volumetric')).toHaveText('252.00 kg');
    await expect(page.getByTestId('summary-chargeable')).toHaveText('252.0 kg');
    await expect(page.getByTestId('summary-calculation')).toHaveText("1,260,000 cm³ / 5,000 (carrier's divisor) = 252.00 kg volumetric; gross 150 kg; chargeable 252.0 kg");
    // Another airline (no divisor of its own): the IATA default again.
    await pick(page, page, 'Airline', 'Lufthansa', /Lufthansa Cargo/);
    await expect(page.getByTestId('summary-volumetric')).toHaveText('210.00 kg');
  });
});

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a sea shipment with a wrong container check digit is refused, then saved once fixed; a spaced lower-case number is normalised', async ({ page }) => {
      await signInAs(page, DEMO.admin, { at: '/shipments/new' });
      await page.getByRole('radio', { name: 'Import' }).check();
      await chooseType(page, 'Sea');
      const reference = ref('E2E-CSQU');
      await fillCommon(page, reference, '2400');
      await pick(page, page, 'Shipping Line', 'Maersk', /Maersk/);
      await pick(page, page, 'Origin Port', 'Mersin', /^Mersin \(Turkey\)/);
      await pick(page, page, 'Destination Port', 'Rotterdam', /^Rotterdam \(Netherlands\)/);

      await region(page, 'Cargo').getByRole('button', { name: 'Add dimension line' }).click();
      await box(line(page, 1), 'Pieces').fill('2');
      await box(line(page, 1), 'Length').fill('120');
      await box(line(page, 1), 'Width').fill('100');
      await box(line(page, 1), 'Height').fill('150');
      await box(line(page, 1), 'Weight per Piece').fill('400');
      await expect(page.getByTestId('summary-volume')).toHaveText('3.600 m³');
      await expect(page.getByTestId('summary-chargeable')).toHaveText('3,600.00 kg');
      await expect(page.getByTestId('summary-revenue-tons')).toHaveText('3.600');

      const containers = region(page, 'Container');
      await containers.getByRole('button', { name: 'Add Container' }).click();
      await containers.getByRole('button', { name: 'Add Container' }).click();
      await choose(container(page, 1), page, 'Container Type', '40HC (45G1)');
      const first = box(container(page, 1), 'Container Number');
      await first.pressSequentially('CSQU3054384');
      const wrong = 'Container number CSQU3054384 has an invalid check digit (expected 3)';
      // Under the field as typed, before leaving it.
      await expect(container(page, 1).getByText(wrong)).toBeVisible();
      await expect(first).toBeFocused();
      await box(container(page, 1), 'Carrier Seal Number').fill('SL-1');
      await choose(container(page, 2), page, 'Container Type', '20DC (22G1)');
      const second = box(container(page, 2), 'Container Number');
      await second.fill('mwcu 605978 4');
      await second.press('Tab');
      await expect(second).toHaveValue('MWCU6059784');
      await expect(container(page, 2).getByText(/check digit/)).toHaveCount(0);
      await box(container(page, 2), 'Carrier Seal Number').fill('SL-2');
      await shot(page, `cargo-form-sea-refused-${viewport.width}`);
      await shotOf(region(page, 'Cargo'), `cargo-card-${viewport.width}`);
      await shotOf(containers, `container-card-refused-${viewport.width}`);
      if (viewport === PHONE) await expectNoHorizontalOverflow(page);

      await page.getByRole('button', { name: 'Create Shipment' }).click();
      await expect(page.getByRole('alert')).toHaveText(wrong);
      await expect(first).toHaveAttribute('aria-invalid', 'true');
      await expect(first).toBeFocused();
      await expect(page.getByTestId('shipment-created')).toHaveCount(0);
      expect((await getJson(page.request, `/api/shipments?q=${reference}`)).total).toBe(0);

      await first.fill('CSQU3054383');
      await expect(container(page, 1).getByText(/check digit/)).toHaveCount(0);
      await submitAndExpectCreated(page, reference, 'Sea', 'Mersin, Turkey → Rotterdam, Netherlands');
      const id = await shipmentIdOf(page.request, reference);
      const saved = await getJson(page.request, `/api/shipments/${id}`);
      expect((saved.containers as Json[]).map((c) => [c.type, c.iso_code, c.number])).toEqual([
        ['40HC', '45G1', 'CSQU3054383'],
        ['20DC', '22G1', 'MWCU6059784'],
      ]);
      expect(saved).toMatchObject({ volume: 3.6, weight_volumetric: 3600, weight_chargeable: 3600 });

      await page.goto(`/shipment/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
      const table = region(page, 'Containers').getByRole('table', { name: 'Containers' });
      await expect(table).toContainText('40HC (45G1)');
      await expect(table).toContainText('CSQU3054383');
      await expect(table).toContainText('MWCU6059784');
      await expect(page.getByTestId('cargo-calculation')).toHaveText(
        '3.600 m³ x 1,000 = 3,600.00 kg volumetric; gross 2,400 kg; chargeable 3,600.00 kg; 3.600 revenue tons (W/M)',
      );
      await expect(page.getByTestId('data-checks')).toHaveCount(0);
      await expect(page.getByTestId('data-check-mark')).toHaveCount(0);
      await shot(page, `cargo-detail-staff-${viewport.width}`);
      await shotOf(region(page, 'Cargo Information'), `cargo-info-staff-${viewport.width}`);
      if (viewport === PHONE) await expectNoHorizontalOverflow(page);
    });

    test('the customer sees pieces, parties, incoterm and HS code, and no chargeable weight', async ({ page, request }) => {
      await signInApi(request, DEMO.admin);
      const created = await createTradeShipment(request);
      await signInAs(page, DEMO.customer, { at: `/all-shipments/${created.id}` });
      await expect(page.getByRole('heading', { level: 1, name: created.reference })).toBeVisible();

      const cargo = region(page, 'Cargo Information');
      const lines = cargo.getByRole('table', { name: 'Dimension lines' });
      await expect(lines).toContainText('120 × 100 × 150 cm');
      await expect(lines).toContainText('400 kg');
      await expect(lines).toContainText('48 × 40 × 36 in');
      await expect(cargo).toContainText('2,400 kg');
      // 2 x 1.8 m³ + 4 x 48 x 40 x 36 in³ (4.531 m³) = 8.131 m³, computed by the server from the lines.
      await expect(cargo).toContainText('8.131 m³');
      await expect(cargo).toContainText('6204.62');
      const parties = region(page, 'Parties');
      await expect(parties.getByRole('group', { name: 'Shipper' })).toContainText('Anatolia Textiles Ltd');
      await expect(parties.getByRole('group', { name: 'Shipper' })).toContainText('Bursa, Turkey');
      await expect(parties.getByRole('group', { name: 'Consignee' })).toContainText('Rhein Textil GmbH');
      await expect(parties.getByRole('group', { name: 'Consignee' })).toContainText('47119 Duisburg, Germany');
      await expect(parties.getByRole('group', { name: 'Notify Party' })).toContainText('Not set');
      await expect(page.getByTestId('shipment-header')).toContainText('FCA Istanbul, Incoterms 2020');
      await expect(region(page, 'Containers')).toContainText('40HC (45G1)');

      // Never the billing basis, costs or internal notes.
      await expect(page.getByText(/chargeable/i)).toHaveCount(0);
      await expect(page.getByText(/volumetric/i)).toHaveCount(0);
      await expect(page.getByText('E2E cargo note')).toHaveCount(0);
      await expect(page.getByTestId('cargo-calculation')).toHaveCount(0);
      await shot(page, `cargo-detail-customer-${viewport.width}`);
      await shotOf(region(page, 'Cargo Information'), `cargo-info-customer-${viewport.width}`);
      await shotOf(region(page, 'Parties'), `parties-customer-${viewport.width}`);
      if (viewport === PHONE) await expectNoHorizontalOverflow(page);
    });

    test('the carrier form saves an airline with its IATA prefix and code, and a shipping line with its SCAC', async ({ page }) => {
      await signInAs(page, DEMO.admin, { at: '/carriers/new' });
      const name = `E2E Airline ${ref('A')}`;
      await box(page, 'Name').fill(name);
      await box(page, 'Country').fill('Turkey');
      await expect(box(page, 'IATA Prefix')).toHaveCount(0);
      await choose(page, page, 'Carrier Type', 'Shipping Line');
      await expect(box(page, 'SCAC')).toBeVisible();
      await expect(box(page, 'IATA Prefix')).toHaveCount(0);
      await choose(page, page, 'Carrier Type', 'Airline');
      await expect(box(page, 'SCAC')).toHaveCount(0);
      await box(page, 'IATA Prefix').fill('235');
      await box(page, 'IATA Code').fill('tk');
      await expect(page.getByText("cm³ per kg; leave empty for the mode's default")).toBeVisible();
      await box(page, 'Volumetric Divisor').fill('5000');
      await shot(page, `cargo-carrier-form-${viewport.width}`);
      if (viewport === PHONE) await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: 'Add Carrier' }).click();
      await expect(page).toHaveURL(/\/carriers$/);

      const rows = (await getJson(page.request, `/api/carriers?q=${encodeURIComponent(name)}`)).rows as Json[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ carrier_type: 'airline', iata_prefix: '235', iata_code: 'TK', scac: null, volumetric_divisor: 5000 });
      await page.getByRole('textbox', { name: 'Search carriers' }).fill(name);
      await expect(page.getByRole('row', { name: new RegExp(name) }).getByTestId('carrier-codes')).toHaveText('TK · 235 · divisor 5000');

      // A wrong code is refused with the API's message on its field.
      await page.goto(`/carriers/edit/${rows[0]!.id as string}`);
      await expect(box(page, 'IATA Prefix')).toHaveValue('235');
      await box(page, 'IATA Prefix').fill('23');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('IATA Prefix must be 3 digits, like 235').first()).toBeVisible();
    });
  });
}

test.describe('failed data checks filter', () => {
  test('staff filter the lists by failed data checks (kept in the URL and the CSV link); customers have no such filter', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/all-shipments' });
    const filter = page.getByRole('checkbox', { name: 'Failed data checks' });
    const listed = page.waitForResponse((r) => /\/api\/shipments\?/.test(r.url()) && new URL(r.url()).searchParams.get('checks') === 'failed');
    // The box follows the URL, which the router updates a moment after the click: click, then expect it checked.
    await filter.click();
    await expect(filter).toBeChecked();
    expect((await listed).status()).toBe(200);
    await expect(page).toHaveURL(/[?&]checks=failed/);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /[?&]checks=failed/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Failed data checks' })).toBeChecked();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).not.toHaveURL(/checks=/);
    await page.goto('/sea-shipments?checks=failed');
    await expect(page.getByRole('checkbox', { name: 'Failed data checks' })).toBeChecked();

    await signInAs(page, DEMO.customer, { at: '/all-shipments' });
    await expect(page.getByRole('heading', { name: 'My Shipments' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Failed data checks' })).toHaveCount(0);
  });
});
