import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, origin, shot, signInApi, signInAs, test } from './fixtures';

type ListRow = { id: string; reference_number: string; company_name: string; handler_name: string | null; status: string };

async function listShipments(request: APIRequestContext, pageSize: number): Promise<ListRow[]> {
  const res = await request.get('/api/shipments', { params: { pageSize } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { rows: ListRow[] }).rows;
}

/** The first of these shipments that has no document attached. */
async function firstWithoutDocuments(request: APIRequestContext, rows: ListRow[]): Promise<ListRow> {
  for (const row of rows) {
    const res = await request.get(`/api/shipments/${row.id}/documents`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as unknown[] | { rows: unknown[] };
    if ((Array.isArray(body) ? body : body.rows).length === 0) return row;
  }
  throw new Error('every listed shipment has documents');
}

let counter = 0;
/** A sea shipment of the demo customer's company, created through the API by an admin signed in on `request`. */
async function createSeaShipment(request: APIRequestContext) {
  const companies = await request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } });
  expect(companies.status()).toBe(200);
  const body = (await companies.json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(body) ? body : body.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const reference = `E2E-DET-${Date.now().toString(36)}-${process.pid}-${++counter}`;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export',
      type: 'sea',
      reference_number: reference,
      company_id: company.id,
      trackable: true,
      priority: true,
      customer_reference: 'MSKU1234565',
      incoterm: 'FOB',
      incoterm_place: 'Istanbul',
      cargo_description: 'Cotton fabric rolls',
      package_type: 'pallet',
      packages_count: 12,
      weight_gross: 1500.5,
      volume: 28.25,
      origin_port: 'Istanbul',
      origin_port_country: 'TR',
      destination_port: 'Rotterdam',
      destination_port_country: 'NL',
      estimated_departure: '2026-03-01T09:30:00.000Z',
      estimated_arrival: '2026-03-20T18:00:00.000Z',
      vessel_name: 'MSC Aurora',
      voyage_number: '123W',
      containers: [{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL-778899', weight: 12000, volume: 60 }],
      service_charge: 1500,
      freight_cost: 900,
      special_instructions: 'Keep dry at all times',
      internal_notes: 'E2E internal rate note',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

const header = (page: Page) => page.getByTestId('shipment-header');
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('staff shipment detail', () => {
  test('an admin sees the header, fields, sections and the Edit Shipment button of a demo shipment', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    // The newest shipment without documents: other specs create shipments and attach files to them.
    const row = await firstWithoutDocuments(page.request, await listShipments(page.request, 20));
    await page.goto(`/shipment/${row.id}`);
    await expect(page.getByRole('heading', { level: 1, name: row.reference_number })).toBeVisible();
    await expect(page.getByTestId('shipment-company')).toHaveText(row.company_name);
    await expect(header(page).getByTestId('status-badge')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Shipments' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Edit Shipment' })).toHaveAttribute('href', `/shipment/${row.id}/edit`);
    await expect(header(page)).toContainText(row.handler_name ?? 'Unassigned');
    for (const label of ['Handler', 'Created', 'BL Number', 'Incoterm']) await expect(header(page).getByText(label, { exact: true })).toBeVisible();
    for (const name of ['Cargo Information', 'Location Information', 'Schedule Information', 'Special Instructions', 'Financial Summary', 'Internal Notes', 'Documents', 'History']) {
      await expect(region(page, name)).toBeVisible();
    }
    await expect(region(page, 'Documents').getByText('No documents attached to this shipment')).toBeVisible();
    await expect(region(page, 'Documents').getByRole('link', { name: 'Add Document' })).toHaveAttribute('href', '/documents');
    await expect(page.getByTestId('history-row').first()).toBeVisible();
  });

  test('an admin sees this shipment’s data, money and internal notes; live tracking says it is not configured', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const created = await createSeaShipment(page.request);
    await page.goto(`/shipment/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: created.reference_number })).toBeVisible();
    await expect(header(page).getByText('Sea', { exact: true })).toBeVisible();
    await expect(header(page).getByText('Priority', { exact: true })).toBeVisible();
    await expect(header(page).getByTestId('status-badge')).toHaveText('In Progress');
    await expect(header(page)).toContainText('Aylin Demir');
    await expect(header(page)).toContainText('MSKU1234565');
    await expect(header(page)).toContainText('FOB Istanbul, Incoterms 2020');

    await expect(region(page, 'Cargo Information')).toContainText('1,500.5 kg');
    await expect(region(page, 'Cargo Information')).toContainText('28.25 m³');
    await expect(region(page, 'Location Information')).toContainText('Rotterdam');
    await expect(region(page, 'Transport Details')).toContainText('MSC Aurora');
    await expect(region(page, 'Containers')).toContainText('SL-778899');
    await expect(region(page, 'Special Instructions')).toContainText('Keep dry at all times');
    await expect(region(page, 'Internal Notes')).toContainText('E2E internal rate note');
    const totals = page.getByTestId('financial-totals');
    await expect(totals).toContainText('1,500.00 USD');
    await expect(totals).toContainText('900.00 USD');
    await expect(totals).toContainText('600.00 USD');
    await expect(totals).toContainText('40.00%');

    // No TRACKING_EMBED_URL in the e2e server: a clear panel instead of an empty frame.
    const tracking = region(page, 'Live Tracking');
    await expect(tracking.getByText('Live tracking is not configured')).toBeVisible();
    await expect(tracking).toContainText('TRACKING_EMBED_URL');
    await expect(tracking.getByTestId('tracking-container')).toHaveText('Container: MSKU1234565');
    await expect(page.locator('iframe')).toHaveCount(0);
    await shot(page, 'shipment-detail-staff');
  });

  test('an admin changes the status: the new badge and a history row appear', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const created = await createSeaShipment(page.request);
    await page.goto(`/shipment/${created.id}`);
    await expect(header(page).getByTestId('status-badge')).toHaveText('In Progress');
    await expect(page.getByTestId('history-row')).toHaveCount(1);

    const status = region(page, 'Shipment Status');
    await expect(status.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await status.getByRole('combobox', { name: 'Change status to' }).click();
    await expect(page.getByRole('option', { name: 'Pending Approval', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'In Progress', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'In Transit', exact: true }).click();
    await status.getByRole('button', { name: 'Update Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Shipment Status' });
    await expect(dialog).toContainText(`Change the status of ${created.reference_number} from In Progress to In Transit?`);
    await dialog.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(dialog).toBeHidden();
    await expect(header(page).getByTestId('status-badge')).toHaveText('In Transit');
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    const latest = page.getByTestId('history-row').first();
    await expect(latest).toContainText('Status changed');
    await expect(latest).toContainText('Aylin Demir');
    await expect(latest).toContainText('Status: In Progress → In Transit');
    await expect(page.getByTestId('history-row').last()).toContainText('Shipment created');
    await shot(page, 'shipment-detail-status-changed');

    // The picker no longer offers the status the shipment has; the server refuses it too.
    await status.getByRole('combobox', { name: 'Change status to' }).click();
    await expect(page.getByRole('option', { name: 'In Progress', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'In Transit', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const same = await page.request.post(`/api/shipments/${created.id}/status`, { headers: { origin: origin() }, data: { status: 'in_transit' } });
    expect(same.status()).toBe(400);
    expect(((await same.json()) as { error: { message: string } }).error.message).toBe('The shipment is already In Transit');

    // Someone else delivers it meanwhile: this page's stale choice is refused in a red banner, then the page shows the truth.
    const meanwhile = await page.request.post(`/api/shipments/${created.id}/status`, { headers: { origin: origin() }, data: { status: 'delivered' } });
    expect(meanwhile.status()).toBe(200);
    await status.getByRole('combobox', { name: 'Change status to' }).click();
    await page.getByRole('option', { name: 'Delivered', exact: true }).click();
    await status.getByRole('button', { name: 'Update Status' }).click();
    await dialog.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(status.getByRole('alert')).toHaveText('The shipment is already Delivered');
    await expect(header(page).getByTestId('status-badge')).toHaveText('Delivered');
    await expect(page.getByTestId('history-row')).toHaveCount(3);
  });

  test('an export handler sees no status control on a shipment they do not handle, and the API refuses', async ({ page }) => {
    await signInAs(page, DEMO.export);
    const rows = await listShipments(page.request, 100);
    const other = rows.find((r) => r.handler_name !== 'Emre Kaya')!;
    expect(other).toBeTruthy();
    await page.goto(`/shipment/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.reference_number })).toBeVisible();
    const status = region(page, 'Shipment Status');
    await expect(status).toContainText('Only an administrator or the shipment’s handler can change its status.');
    await expect(status.getByRole('combobox', { name: 'Change status to' })).toHaveCount(0);
    await expect(status.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Shipment' })).toHaveCount(0);
    await expect(region(page, 'Documents').getByRole('link', { name: 'Add Document' })).toBeVisible();

    const refused = await page.request.post(`/api/shipments/${other.id}/status`, { headers: { origin: origin() }, data: { status: 'delivered' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('You can only change the status of shipments you handle');
  });
});

test.describe('customer shipment detail', () => {
  test('a customer sees their own shipment with its charges but no internal notes, costs or margins, and not another company’s', async ({ page, request }) => {
    await signInApi(request, DEMO.admin);
    const created = await createSeaShipment(request);
    const foreign = (await listShipments(request, 50)).find((r) => r.company_name !== 'Anatolia Textiles Ltd')!;

    await signInAs(page, DEMO.customer, { at: `/all-shipments/${created.id}` });
    await expect(page.getByRole('heading', { level: 1, name: created.reference_number })).toBeVisible();
    await expect(page.getByTestId('shipment-company')).toHaveText('Anatolia Textiles Ltd');
    await expect(header(page).getByTestId('status-badge')).toHaveText('In Progress');
    await expect(page.getByRole('link', { name: 'Back to All Shipments' })).toHaveAttribute('href', '/all-shipments');
    for (const name of ['Cargo Information', 'Location Information', 'Schedule Information', 'Containers', 'Special Instructions', 'Status Milestones', 'Documents']) {
      await expect(region(page, name)).toBeVisible();
    }
    await expect(region(page, 'Cargo Information')).toContainText('Cotton fabric rolls');
    await expect(region(page, 'Special Instructions')).toContainText('Keep dry at all times');
    await expect(page.getByTestId('milestone').first()).toContainText('Shipment created');
    await expect(region(page, 'Documents').getByText('No documents attached to this shipment')).toBeVisible();
    await expect(region(page, 'Documents').getByRole('link', { name: 'Add Document' })).toHaveCount(0);

    // Nothing internal: no notes, no money, no Transport Details, no Edit, no status control, no history.
    for (const name of ['Internal Notes', 'Financial Summary', 'Transport Details', 'Shipment Status', 'History']) await expect(region(page, name)).toHaveCount(0);
    await expect(page.getByText('E2E internal rate note')).toHaveCount(0);
    // Since issue 38 a customer sees the shipment's charges (decision 0258): only in the Charges card, never a cost,
    // profit or margin.
    const card = region(page, 'Charges');
    await expect(card).toBeVisible();
    for (const word of ['Cost', 'Profit', 'Margin', 'Supplier']) await expect(card.getByText(word, { exact: false })).toHaveCount(0);
    await expect(page.getByText(/Profit|Margin/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Shipment' })).toHaveCount(0);

    // Container Tracking for a sea shipment, labelled with the container number; not configured here.
    const tracking = region(page, 'Container Tracking');
    await expect(tracking.getByTestId('tracking-container')).toHaveText('Container: MSKU1234565');
    await expect(tracking.getByText('Live tracking is not configured')).toBeVisible();
    await expect(tracking).not.toContainText('TRACKING_EMBED_URL');
    await shot(page, 'shipment-detail-customer');

    // Another company's shipment.
    await page.goto(`/all-shipments/${foreign.id}`);
    await expect(page.getByRole('heading', { name: 'Shipment not found or access denied' })).toBeVisible();
    await expect(page.getByText(foreign.reference_number)).toHaveCount(0);
    await shot(page, 'shipment-detail-denied');
    await page.getByRole('link', { name: 'Back to All Shipments' }).click();
    await expect(page).toHaveURL(/\/all-shipments$/);
  });

  test('a load failure shows Error loading shipment data with a way to retry', async ({ page }) => {
    await signInAs(page, DEMO.customer);
    const [row] = await listShipments(page.request, 1);
    let fail = true;
    await page.route(`**/api/shipments/${row!.id}`, (route) => (fail ? route.abort('connectionfailed') : route.continue()));
    await page.goto(`/all-shipments/${row!.id}`);
    await expect(page.getByRole('heading', { name: 'Error loading shipment data' })).toBeVisible({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: row!.reference_number })).toBeVisible();
  });
});
