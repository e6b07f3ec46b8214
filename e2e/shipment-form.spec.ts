import type { APIRequestContext } from '@playwright/test';
import { DEMO, origin, shot, signInApi, signInAs, test } from './fixtures';
import { box, choose, chooseType, expect, fillCommon, getJson, pick, ref, submitAndExpectCreated, type Json } from './shipment-form-helpers';

/** Creates an air shipment through the API (signed-in admin context) and answers its id. */
async function createAirShipment(request: APIRequestContext, reference: string): Promise<string> {
  const company = ((await getJson(request, '/api/companies?q=Anatolia')).rows as Json[])[0]!;
  const airline = ((await getJson(request, '/api/carriers?carrier_type=airline&q=Turkish')).rows as Json[])[0]!;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      type: 'air', loading_type: 'export', reference_number: reference, company_id: company.id, carrier_id: airline.id,
      cargo_description: 'Machine parts', package_type: 'crate', packages_count: 3, weight_gross: 420,
      origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR',
      destination_airport: 'LHR', destination_city: 'London', destination_country: 'GB',
      estimated_departure: '2026-05-01T08:00:00.000Z', estimated_arrival: '2026-05-01T14:00:00.000Z',
      service_charge: 900, service_charge_currency: 'JPY', freight_cost: 400,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as Json).id as string;
}

// Long forms: each flow fills dozens of inputs and waits on several searches.
test.describe.configure({ timeout: 90_000 });

test.describe('create shipment form', () => {
  test('an admin must choose the loading type, then creates an air shipment', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/shipments/new' });
    await expect(page.getByRole('heading', { name: 'Create New Shipment' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to My Shipments' })).toHaveAttribute('href', '/my-shipments');
    await expect(page.getByText('Please select a loading type')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Shipment' })).toBeDisabled();
    // Default type air: airport pickers and the air fields show, no containers.
    await expect(page.getByRole('radio', { name: 'Air' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Origin Airport' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Container' })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Export' }).check();
    await expect(page.getByRole('button', { name: 'Create Shipment' })).toBeEnabled();

    const reference = ref('E2E-AIR');
    await fillCommon(page, reference);
    await pick(page, page, 'Airline', 'Turkish', /Turkish Cargo/);
    await box(page, 'Flight Number').fill('TK1590');
    await box(page, 'Carrier Name').fill('Turkish Cargo');
    await box(page, 'MAWB Number').fill('235-12345675');
    await box(page, 'HAWB Number').fill('HAWB-77');
    await pick(page, page, 'Origin Airport', 'IST', /^IST - /);
    // The airport fills the city (municipality) and the country (ISO code).
    await expect(box(page, 'Origin City')).toHaveValue('Arnavutköy, Istanbul');
    await expect(box(page, 'Origin Country')).toHaveValue('TR');
    await pick(page, page, 'Destination Airport', 'FRA', /^FRA - /);
    await expect(box(page, 'Destination City')).toHaveValue('Frankfurt am Main');
    await page.getByRole('checkbox', { name: 'Stackable' }).check();
    await page.getByRole('checkbox', { name: 'Door Delivery' }).check();

    // Financial: live totals per currency, each amount with its own currency.
    await box(page, 'Service Charge').fill('1000');
    await box(page, 'Freight Cost').fill('600');
    await box(page, 'Handling Charge').fill('80');
    await page.getByRole('combobox', { name: 'Handling Charge Currency' }).selectOption('EUR');
    await expect(page.getByRole('combobox', { name: 'Handling Charge Currency' }).getByRole('option')).toHaveCount(11);
    await expect(page.getByTestId('totals-USD')).toContainText('1,000.00 USD');
    await expect(page.getByTestId('totals-USD')).toContainText('400.00 USD');
    await expect(page.getByTestId('totals-USD')).toContainText('40.00%');
    await expect(page.getByTestId('totals-EUR')).toContainText('100.00%');
    await shot(page, 'shipment-form-air');

    await submitAndExpectCreated(page, reference, 'Air', 'Arnavutköy, Istanbul, TR → Frankfurt am Main, DE');
    await shot(page, 'shipment-form-success');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a sea shipment with two containers', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/shipments/new' });
    await page.getByRole('radio', { name: 'Import' }).check();
    await chooseType(page, 'Sea');
    const reference = ref('E2E-SEA');
    await fillCommon(page, reference);
    await pick(page, page, 'Shipping Line', 'Maersk', /Maersk/);
    await box(page, 'Vessel Name').fill('MSC Aurora');
    await box(page, 'Vessel Flag').fill('Panama');
    await box(page, 'IMO Number').fill('9398412');
    await box(page, 'Voyage Number').fill('123W');
    await pick(page, page, 'Origin Port', 'Mersin', /^Mersin \(Turkey\)/);
    await expect(box(page, 'Origin City')).toHaveValue('Mersin');
    await expect(box(page, 'Origin Country')).toHaveValue('Turkey');
    // Two ports share the name Rotterdam: the chosen one's country is kept.
    await pick(page, page, 'Destination Port', 'Rotterdam', /^Rotterdam \(Netherlands\)/);
    await expect(box(page, 'Destination Country')).toHaveValue('Netherlands');

    const containers = page.getByRole('region', { name: 'Container' });
    await containers.getByRole('button', { name: 'Add Container' }).click();
    await containers.getByRole('button', { name: 'Add Container' }).click();
    await containers.getByRole('button', { name: 'Add Container' }).click();
    await containers.getByRole('button', { name: 'Remove container 3' }).click();
    await expect(page.getByTestId('container-row')).toHaveCount(2);
    const first = page.getByRole('group', { name: 'Container 1' });
    await choose(first, page, 'Container Type', '40HC (45G1)');
    await box(first, 'Container Number').fill('MSKU1234565');
    await box(first, 'Carrier Seal Number').fill('SL-1');
    await expect(box(first, 'Weight')).toHaveValue('0');
    await box(first, 'Weight').fill('12000.5');
    const second = page.getByRole('group', { name: 'Container 2' });
    await choose(second, page, 'Container Type', '20DC (22G1)');
    await box(second, 'Container Number').fill('MSKU7654328');

    // A container row needs its carrier seal number.
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Carrier Seal Number is required');
    await expect(box(second, 'Carrier Seal Number')).toHaveAttribute('aria-invalid', 'true');
    await box(second, 'Carrier Seal Number').fill('SL-2');
    await shot(page, 'shipment-form-sea');

    await submitAndExpectCreated(page, reference, 'Sea', 'Mersin, Turkey → Rotterdam, Netherlands');
    const search = await getJson(page.request, `/api/shipments?q=${reference}`);
    const id = (search.rows as Json[])[0]!.id as string;
    const saved = await getJson(page.request, `/api/shipments/${id}`);
    expect(saved.loading_type).toBe('import');
    expect((saved.containers as Json[]).map((c) => [c.type, c.number, c.carrier_seal_number, c.weight])).toEqual([
      ['40HC', 'MSKU1234565', 'SL-1', 12000.5],
      ['20DC', 'MSKU7654328', 'SL-2', 0],
    ]);
    expect(saved.estimated_departure).toBe(new Date('2026-06-01T09:30').toISOString());
  });

  test('an export handler has no loading-type choice and creates a land shipment', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/shipments/new' });
    await expect(page.getByRole('heading', { name: 'Create New Shipment' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Export' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Import' })).toHaveCount(0);
    await expect(page.getByTestId('loading-type-readonly')).toHaveText('Export');
    await expect(page.getByRole('button', { name: 'Create Shipment' })).toBeEnabled();

    await chooseType(page, 'Land');
    await expect(page.getByRole('combobox', { name: 'Origin Airport' })).toHaveCount(0);
    const reference = ref('E2E-LAND');
    await fillCommon(page, reference);
    await box(page, 'Origin Address').fill('Nilufer OSB, Bursa');
    await box(page, 'Origin Postal Code').fill('16140');
    await box(page, 'Origin City').fill('Bursa');
    await box(page, 'Origin Country').fill('TR');
    await box(page, 'Destination Address').fill('Frankfurter Ring 150');
    await box(page, 'Destination City').fill('Munich');
    await box(page, 'Destination Country').fill('DE');
    await box(page, 'Truck Plate Number').fill('16 ABC 123');
    await choose(page, page, 'Truck Type', 'Reefer');
    await shot(page, 'shipment-form-land');

    await submitAndExpectCreated(page, reference, 'Land', 'Bursa, TR → Munich, DE');
  });

  test('a partial shipment needs a transport mode and a consolidation agent', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/shipments/new' });
    await page.getByRole('radio', { name: 'Export' }).check();
    await chooseType(page, 'Partial');
    const reference = ref('E2E-PART');
    await fillCommon(page, reference);
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Transport Mode is required for partial shipments');

    await page.getByRole('combobox', { name: 'Transport Mode' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Break Bulk', 'LCL', 'LTL']);
    await page.getByRole('option', { name: 'LCL' }).click();
    // Partial by sea: port pickers, the shipping-line list and the container section.
    await expect(page.getByRole('region', { name: 'Container' })).toBeVisible();
    await pick(page, page, 'Origin Port', 'Istanbul', /^Istanbul \(Turkey\)/);
    await pick(page, page, 'Destination Port', 'Hamburg', /^Hamburg \(Germany\)/);
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Consolidation Agent is required');
    await pick(page, page, 'Consolidation Agent', 'EuroConsol', /EuroConsol Groupage/);
    await shot(page, 'shipment-form-partial');

    await submitAndExpectCreated(page, reference, 'Partial (LCL)', 'Istanbul, Turkey → Hamburg, Germany');
  });

  test("an empty submit shows the spec's checks in order and keeps every value", async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/shipments/new' });
    await page.getByRole('radio', { name: 'Export' }).check();
    const submit = page.getByRole('button', { name: 'Create Shipment' });
    const banner = page.getByRole('alert');

    await submit.click();
    await expect(banner).toHaveText('Reference Number is required');
    await expect(box(page, 'Reference Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(box(page, 'Reference Number')).toBeFocused();
    await shot(page, 'shipment-form-validation');

    const reference = ref('E2E-VAL');
    await box(page, 'Reference Number').fill(reference);
    await submit.click();
    await expect(banner).toHaveText('Company is required');
    await pick(page, page, 'Company', 'Anatolia', 'Anatolia Textiles Ltd');
    await submit.click();
    await expect(banner).toHaveText('Cargo Description is required');
    await box(page, 'Cargo Description').fill('Spare parts');
    await submit.click();
    await expect(banner).toHaveText('Number of Packages is required');
    await box(page, 'Number of Packages').fill('2');
    await submit.click();
    await expect(banner).toHaveText('Gross Weight is required');
    await box(page, 'Gross Weight').fill('35');
    await submit.click();
    await expect(banner).toHaveText('Destination Airport is required');
    await chooseType(page, 'Land');
    await submit.click();
    await expect(banner).toHaveText('Destination Address is required');

    // Nothing typed was lost on the way.
    await expect(box(page, 'Reference Number')).toHaveValue(reference);
    await expect(page.getByRole('combobox', { name: 'Company', exact: true })).toHaveValue('Anatolia Textiles Ltd');
    await expect(box(page, 'Cargo Description')).toHaveValue('Spare parts');
    await expect(box(page, 'Number of Packages')).toHaveValue('2');
    await expect(box(page, 'Gross Weight')).toHaveValue('35');
  });

  test('a duplicate reference number is refused with the API message', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const reference = ref('E2E-DUP');
    await createAirShipment(page.request, reference);
    await page.goto('/shipments/new');
    await page.getByRole('radio', { name: 'Export' }).check();
    await chooseType(page, 'Land');
    await fillCommon(page, reference);
    await box(page, 'Origin Address').fill('Nilufer OSB, Bursa');
    await box(page, 'Origin City').fill('Bursa');
    await box(page, 'Origin Country').fill('TR');
    await box(page, 'Destination Address').fill('Hadimkoy Logistics Center');
    await box(page, 'Destination City').fill('Istanbul');
    await box(page, 'Destination Country').fill('TR');
    await page.getByRole('button', { name: 'Create Shipment' }).click();
    const message = `A shipment with reference number ${reference} already exists`;
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(box(page, 'Reference Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(message)).toHaveCount(2);
    await expect(page.getByTestId('shipment-created')).toHaveCount(0);
    await expect(box(page, 'Destination City')).toHaveValue('Istanbul');
  });
});

test.describe('edit shipment form', () => {
  test('an admin edits a shipment and returns to its page', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const reference = ref('E2E-EDIT');
    const id = await createAirShipment(page.request, reference);
    await page.goto(`/shipment/${id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Shipment' })).toBeVisible();
    await expect(box(page, 'Reference Number')).toHaveValue(reference);
    await expect(page.getByRole('combobox', { name: 'Company', exact: true })).toHaveValue('Anatolia Textiles Ltd');
    await expect(page.getByRole('combobox', { name: 'Airline', exact: true })).toHaveValue('Turkish Cargo');
    await expect(page.getByRole('radio', { name: 'Export' })).toBeChecked();
    await expect(box(page, 'Estimated Departure')).toHaveValue(/^2026-05-01T\d{2}:00$/);
    // Edit offers USD, EUR, GBP, TRY and keeps the stored JPY.
    const currency = page.getByRole('combobox', { name: 'Service Charge Currency' });
    await expect(currency).toHaveValue('JPY');
    await expect(currency.getByRole('option')).toHaveText(['USD', 'EUR', 'GBP', 'TRY', 'JPY']);
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/shipment/${id}`);

    await box(page, 'Cargo Description').fill('Machine parts, revised');
    await box(page, 'Number of Packages').fill('5');
    await shot(page, 'shipment-form-edit');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${id}$`));

    const saved = await getJson(page.request, `/api/shipments/${id}`);
    expect(saved.cargo_description).toBe('Machine parts, revised');
    expect(saved.packages_count).toBe(5);
    expect(saved.status).toBe('in_progress');
    expect(saved.service_charge_currency).toBe('JPY');
    expect(saved.carrier_record_name).toBe('Turkish Cargo');
  });

  test('an export handler opening the edit page lands on the dashboard with the message', async ({ page }) => {
    await signInApi(page.request, DEMO.admin);
    const id = await createAirShipment(page.request, ref('E2E-DENY'));

    await signInAs(page, DEMO.export, { at: `/shipment/${id}/edit` });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("You don't have permission to edit shipments.")).toBeVisible();
  });
});
