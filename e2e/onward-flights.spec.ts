import type { APIRequestContext } from '@playwright/test';
import { DEMO, origin, shotOf, signInApi, test } from './fixtures';
import { expect, pick, ref } from './shipment-form-helpers';

// Issue 41, the air waybill's routing: an administrator adds an onward flight to an air shipment on its edit page (a
// bad airline code is refused by its field and nothing typed is lost), and the detail lists the transfer. At desktop
// width and on a phone.

async function createAirShipment(request: APIRequestContext, reference: string) {
  const companies = (await (await request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } })).json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(companies) ? companies : companies.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const airline = ((await (await request.get('/api/carriers', { params: { carrier_type: 'airline', q: 'Turkish' } })).json()) as { rows: { id: string }[] }).rows[0]!;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export', type: 'air', reference_number: reference, company_id: company.id, carrier_id: airline.id, flight_number: 'TK1765',
      cargo_description: 'Machine parts', package_type: 'pallet', packages_count: 2, weight_gross: 420, origin_airport: 'ADB', origin_city: 'Izmir', origin_country: 'TR',
      destination_airport: 'WAW', destination_city: 'Warsaw', destination_country: 'PL', estimated_departure: '2026-12-05T09:00:00.000Z', estimated_arrival: '2026-12-06T18:00:00.000Z',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

for (const width of [1280, 390]) {
  test(`an admin adds an onward flight to an air shipment; a bad airline code is refused by its field (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInApi(page.request, DEMO.admin);
    const shipment = await createAirShipment(page.request, ref('E2E-ONWARD'));
    await page.goto(`/shipment/${shipment.id}/edit`);
    const flights = page.getByTestId('onward-flights');
    await flights.getByRole('button', { name: 'Add onward flight' }).click();
    const leg = page.getByRole('group', { name: 'Onward flight 1' });
    await pick(leg, page, 'Transfer Airport', 'IST', /^IST - /);
    await leg.getByRole('textbox', { name: 'Onward Carrier' }).fill('12');
    await leg.getByRole('textbox', { name: 'Onward Flight Number' }).fill('TK1765');
    await leg.getByLabel('Onward Flight Date').fill('2026-12-06');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(leg.getByText('Onward Carrier must be a 2-character IATA airline code, like LH')).toBeVisible();
    await expect(leg.getByRole('textbox', { name: 'Onward Flight Number' })).toHaveValue('TK1765');
    await leg.getByRole('textbox', { name: 'Onward Carrier' }).fill('tk');
    await expect(leg.getByRole('textbox', { name: 'Onward Carrier' })).toHaveValue('TK');
    await shotOf(flights, `shipment-form-onward-flights-${width}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${shipment.id}$`));
    await expect(page.getByRole('region', { name: 'Transport Details' })).toContainText(/Onward Flights\s*IST · TK TK1765 · /);
  });
}
