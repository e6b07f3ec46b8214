import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, origin, shot, shotOf, signInApi, test } from './fixtures';

// Issue 41, the house bill of lading: an administrator sets the bill's series and signature on Settings > Letterhead,
// fills a sea shipment's transport document boxes and a container's packages on its edit page, and generates the
// bill; the shipment then shows its own B/L number from the series, beside the carrier's master B/L. At desktop width
// and on a phone.

async function createSeaShipment(request: APIRequestContext, reference: string) {
  const companies = await request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } });
  const body = (await companies.json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(body) ? body : body.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const lines = await request.get('/api/carriers', { params: { carrier_type: 'shipping_line', q: 'Maersk' } });
  const line = ((await lines.json()) as { rows: { id: string }[] }).rows[0]!;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export', type: 'sea', reference_number: reference, company_id: company.id, carrier_id: line.id, customer_reference: 'MAEU240011223',
      cargo_description: 'Cotton towels', package_type: 'carton', packages_count: 20, weight_gross: 800, origin_port: 'Istanbul', origin_port_country: 'TR',
      destination_port: 'Hamburg', destination_port_country: 'DE', estimated_departure: '2026-12-05T09:00:00.000Z', estimated_arrival: '2026-12-20T18:00:00.000Z',
      containers: [{ type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'SL-1' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

// Both widths set the one letterhead's B/L series and then read a number from it: side by side, one test's number came
// from the other's series (CDKPH where CDKDT was set). They run one after the other, in one worker.
test.describe.configure({ mode: 'default' });

for (const width of [1280, 390]) {
  test(`an admin fills the bill's boxes and prints a house bill with its own number (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInApi(page.request, DEMO.admin);

    // The series and signature, kept by the letterhead.
    await page.goto('/settings/letterhead');
    const letterhead = page.getByRole('form', { name: 'Letterhead' });
    const prefix = letterhead.getByRole('textbox', { name: 'B/L Number Prefix' });
    // The demo's series is CDKIST; a run before this one may have left its own.
    await expect(prefix).toHaveValue(/^[A-Z0-9]{2,10}$/);
    await prefix.fill('CD-IST');
    await letterhead.getByRole('button', { name: 'Save Letterhead' }).click();
    await expect(letterhead.getByText('The B/L prefix is 2 to 10 letters or digits, such as CDKIST')).toBeVisible();
    await prefix.fill(phone ? 'CDKPH' : 'CDKDT');
    await letterhead.getByRole('textbox', { name: 'Place of Issue' }).fill('İstanbul');
    await letterhead.getByRole('radio', { name: 'As carrier (our own bill, NVOCC)' }).check();
    await shot(page, `letterhead-bill-settings-${width}`);
    await letterhead.getByRole('button', { name: 'Save Letterhead' }).click();
    await expect(page.getByText('Letterhead saved')).toBeVisible();

    // A sea shipment with a container and no bill printed yet.
    const shipment = await createSeaShipment(page.request, `E2E-HBL-${Date.now().toString(36)}-${width}`);
    await page.goto(`/shipment/${shipment.id}/edit`);
    const transportDocument = page.getByRole('region', { name: 'Transport Document' });
    await expect(transportDocument).toBeVisible();
    await transportDocument.getByRole('combobox', { name: 'Freight Terms', exact: true }).click();
    await page.getByRole('option', { name: 'Collect', exact: true }).click();
    await transportDocument.getByRole('textbox', { name: 'Freight Payable At' }).fill('Hamburg');
    await transportDocument.getByRole('textbox', { name: 'Place of Receipt' }).fill('Bursa');
    await transportDocument.getByRole('textbox', { name: 'Pre-carriage By' }).fill('Truck');
    await transportDocument.getByRole('textbox', { name: 'Marks and Numbers' }).fill('BURSA / HAMBURG\nCASES 1-20');
    // The booking's cut-offs and depots, the arrival's free time; the container's own free days (decision 0272).
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByLabel('Documents Cut-off').fill('2026-12-01T12:00');
    await expect(schedule.getByLabel('VGM Cut-off')).toBeVisible();
    await transportDocument.getByRole('textbox', { name: 'Empty Pick-up Depot' }).fill('Ambarlı empty depot');
    await transportDocument.getByRole('textbox', { name: 'Free Time (days)' }).fill('7');
    await transportDocument.getByRole('textbox', { name: 'Free Time (days)' }).fill('400');
    const container = page.getByRole('group', { name: 'Container 1' });
    await container.getByRole('textbox', { name: 'Container Packages' }).fill('20');
    await container.getByRole('textbox', { name: 'Container Free Days' }).fill('4');
    // Bad input: a year and more of free time is refused by its field, and nothing is lost.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(transportDocument.getByText('Free Time (days) is too large')).toBeVisible();
    await transportDocument.getByRole('textbox', { name: 'Free Time (days)' }).fill('7');
    await expect(transportDocument.getByRole('textbox', { name: 'Marks and Numbers' })).toHaveValue('BURSA / HAMBURG\nCASES 1-20');
    await shotOf(transportDocument, `shipment-form-transport-document-${width}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${shipment.id}$`));

    const transport = page.getByRole('region', { name: 'Transport Details' });
    await expect(transport).toContainText('Freight Terms');
    await expect(transport).toContainText('Collect');
    await expect(transport).toContainText('BURSA / HAMBURG');
    await expect(transport).toContainText('Ambarlı empty depot');
    await expect(page.getByRole('region', { name: 'Schedule Information' })).toContainText('Documents Cut-off');
    // Arrival 20 Dec: the container's own 4 free days end on 23 Dec.
    const containers = page.getByRole('table', { name: 'Containers' });
    await expect(containers.getByRole('columnheader', { name: 'Last Free Day' })).toBeVisible();
    await expect(containers).toContainText(/23/);

    const section = page.getByRole('region', { name: 'Generated Documents' });
    await section.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'House Bill of Lading' }).click();
    await expect(section.getByTestId('generated-version').filter({ hasText: `HBL-${shipment.reference_number}` }).first()).toContainText('Draft');

    // Its own number, from the series of this month, beside the carrier's master B/L.
    await page.reload();
    const number = new RegExp(`${phone ? 'CDKPH' : 'CDKDT'}\\d{4}\\d{6}`);
    await expect(page.getByRole('region', { name: 'Transport Details' })).toContainText(number);
    const saved = (await (await page.request.get(`/api/shipments/${shipment.id}`)).json()) as { house_bl_number: string; freight_terms: string; containers: { packages_count: number | null }[] };
    expect(saved.house_bl_number).toMatch(number);
    expect(saved.freight_terms).toBe('collect');
    expect(saved.containers[0]!.packages_count).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `shipment-bill-of-lading-${width}`);
  });
}
