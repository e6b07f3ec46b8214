import type { APIRequestContext, Page } from '@playwright/test';
import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { DEMO, expect, origin, shot, signInApi, signInAs, test } from './fixtures';

// Issue 21, "A forwarder's working day on shipments": pages that never blank the app, history in words, tracking
// that follows Trackable, handlers who can be assigned, and one search for every number.

/** A valid container number no demo row has: ZQXU, 6 random digits and its ISO 6346 check digit. */
function uniqueContainer(): { number: string; serial: string } {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return { serial, number: `ZQXU${serial}${containerCheckDigit(`ZQXU${serial}`)}` };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(++counter).toString(36)}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function companyId(request: APIRequestContext, name: string): Promise<string> {
  const body = await ok<{ id: string; name: string }[] | { rows: { id: string; name: string }[] }>(
    await request.get('/api/companies/options', { params: { q: name } }),
  );
  return (Array.isArray(body) ? body : body.rows).find((c) => c.name === name)!.id;
}

type Created = { id: string; reference_number: string };

/** A sea shipment of the demo customer's company (Anatolia Textiles Ltd), created through the API by the staff member on `request`. */
async function createSea(request: APIRequestContext, extra: Record<string, unknown> = {}): Promise<Created> {
  return ok<Created>(
    await request.post('/api/shipments', {
      headers: { origin: origin() },
      data: {
        loading_type: 'export',
        type: 'sea',
        reference_number: `E2E-WD-${unique()}`,
        company_id: await companyId(request, 'Anatolia Textiles Ltd'),
        trackable: true,
        customer_reference: 'MSKU1234565',
        cargo_description: 'Cotton fabric rolls',
        package_type: 'pallet',
        packages_count: 12,
        weight_gross: 1500.5,
        origin_port: 'Istanbul',
        origin_port_country: 'TR',
        destination_port: 'Rotterdam',
        destination_port_country: 'NL',
        vessel_name: 'MSC Aurora',
        containers: [{ type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL-778899' }],
        ...extra,
      },
    }),
    201,
  );
}

/** Edits one field of a shipment through the API (the whole staff detail sent back, as the edit form does). */
async function editShipment(request: APIRequestContext, id: string, change: Record<string, unknown>) {
  const detail = await ok<Record<string, unknown>>(await request.get(`/api/shipments/${id}`));
  const res = await request.put(`/api/shipments/${id}`, { headers: { origin: origin() }, data: { ...bodyOf(detail), ...change } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The editable fields of a staff detail answer (what the form would send). */
function bodyOf(detail: Record<string, unknown>): Record<string, unknown> {
  const readOnly = new Set([
    'id', 'status', 'created_at', 'updated_at', 'company_name', 'handler_full_name', 'updated_by', 'handler_id', 'totals', 'tracking_embed_url',
    'cargo_calculation', 'data_checks', 'carrier_record_name', 'carrier_type', 'service_provider_name', 'consolidation_agent_name',
    'weight_chargeable', 'weight_volumetric', 'volumetric_factor', 'total_cost', 'total_revenue', 'profit_margin',
  ]);
  const body = Object.fromEntries(Object.entries(detail).filter(([k, v]) => !readOnly.has(k) && v !== null));
  body.containers = ((detail.containers as Record<string, unknown>[]) ?? []).map(({ id: _id, iso_code: _iso, shipment_id: _s, ...c }) =>
    Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)),
  );
  return body;
}

async function uploadApi(request: APIRequestContext, name: string): Promise<{ name: string; original_name: string }> {
  return ok(await request.post('/api/documents', { headers: { origin: origin(), 'x-file-name': encodeURIComponent(name) }, data: Buffer.from('%PDF-1.4\n%working day\n') }), 201);
}

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

test.describe('pages that never blank the app', () => {
  test('staff open the customer view of an edited shipment with a document: milestones only, no crash', async ({ page }) => {
    const errors = pageErrors(page);
    await signInAs(page, DEMO.admin);
    const s = await createSea(page.request);
    await editShipment(page.request, s.id, { vessel_name: 'MSC Bellissima' });
    const doc = await uploadApi(page.request, `packing-list-${unique()}.pdf`);
    await ok(await page.request.put(`/api/documents/${encodeURIComponent(doc.name)}/assignment`, { headers: { origin: origin() }, data: { shipment_id: s.id } }));
    await ok(await page.request.post(`/api/shipments/${s.id}/status`, { headers: { origin: origin() }, data: { status: 'in_transit' } }));

    for (const who of [DEMO.admin, DEMO.export, DEMO.import]) {
      if (who !== DEMO.admin) await signInAs(page, who);
      await page.goto(`/all-shipments/${s.id}`);
      await expect(page.getByRole('heading', { level: 1, name: s.reference_number })).toBeVisible();
      const milestones = page.getByTestId('milestone');
      await expect(milestones).toHaveCount(2);
      await expect(milestones.nth(0)).toContainText('Shipment created');
      await expect(milestones.nth(1)).toContainText('In Transit');
      await expect(page.getByTestId('page-error')).toHaveCount(0);
    }
    await shot(page, 'working-day-customer-view-by-staff');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'working-day-customer-view-by-staff-390');
    expect(errors).toEqual([]);
  });

  test('an error while a page renders shows a way back inside the shell, and another page still works', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const s = await createSea(page.request);
    // A shipment answer the page cannot read (containers not a list): the page fails, the app must not.
    await page.route(`**/api/shipments/${s.id}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...body, containers: 7, pieces: 7 } });
    });
    await page.goto(`/shipment/${s.id}`);
    const problem = page.getByTestId('page-error');
    await expect(problem).toBeVisible();
    await expect(problem.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await shot(page, 'working-day-page-error');
    await problem.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('page-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('the staff history says in words which file was assigned', async ({ page }) => {
    await signInAs(page, DEMO.export);
    const s = await createSea(page.request);
    const doc = await uploadApi(page.request, `invoice-${unique()}.pdf`);
    await ok(await page.request.put(`/api/documents/${encodeURIComponent(doc.name)}/assignment`, { headers: { origin: origin() }, data: { shipment_id: s.id } }));
    await page.goto(`/shipment/${s.id}`);
    const row = page.getByTestId('history-row').filter({ hasText: 'Document assigned' });
    await expect(row).toContainText(`File: ${doc.original_name}`);
    await expect(page.getByTestId('history-row').filter({ hasText: 'None →' })).toHaveCount(0);
  });
});

test.describe('trackable means trackable for customers too', () => {
  test('a sea shipment with Trackable off shows the customer no Container Tracking map; with it on, it does', async ({ page, browser }) => {
    await signInAs(page, DEMO.admin);
    const off = await createSea(page.request, { trackable: false });
    const on = await createSea(page.request, { trackable: true });
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.250.${process.pid % 250}.${(counter % 250) + 1}` } });
    const customer = await context.newPage();
    await signInApi(customer.request, DEMO.customer);
    await customer.goto(`/all-shipments/${on.id}`);
    await expect(customer.getByRole('heading', { level: 1, name: on.reference_number })).toBeVisible();
    await expect(customer.getByText('Container Tracking')).toBeVisible();
    await customer.goto(`/all-shipments/${off.id}`);
    await expect(customer.getByRole('heading', { level: 1, name: off.reference_number })).toBeVisible();
    await expect(customer.getByRole('heading', { name: 'Status Milestones' })).toBeVisible();
    await expect(customer.getByText('Container Tracking')).toHaveCount(0);
    await context.close();
  });
});

/** A shipment created by the admin and then left without a handler (as the demo's unassigned ones are). */
async function unassignedShipment(request: APIRequestContext, loadingType: 'export' | 'import' = 'export'): Promise<Created> {
  const s = await createSea(request, { loading_type: loadingType });
  await ok(await request.put(`/api/shipments/${s.id}/handler`, { headers: { origin: origin() }, data: { handler_id: null } }));
  return s;
}

async function nameOf(request: APIRequestContext, email: string): Promise<string> {
  const rows = await ok<{ email: string; full_name: string }[]>(await request.get('/api/handlers'));
  return rows.find((r) => r.email === email)!.full_name;
}

test.describe('handlers who can be assigned', () => {
  test('an admin assigns a handler from the shipment page; the history says who', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const s = await unassignedShipment(page.request, 'export');
    const exporter = await nameOf(page.request, DEMO.export);
    await page.goto(`/shipment/${s.id}`);
    const card = page.getByRole('region', { name: 'Handler', exact: true });
    await expect(card.getByTestId('handler-name')).toHaveText('Unassigned');
    await card.getByRole('button', { name: 'Assign Handler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Handler' });
    await dialog.getByRole('combobox', { name: 'Handler' }).click();
    await page.getByRole('option', { name: `${exporter} (Export)` }).click();
    await shot(page, 'working-day-assign-dialog');
    await dialog.getByRole('button', { name: 'Assign Handler' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('handler-name')).toHaveText(exporter);
    await expect(card.getByRole('button', { name: 'Reassign' })).toBeVisible();
    const row = page.getByTestId('history-row').filter({ hasText: 'Handler assigned' }).first();
    await expect(row).toContainText(`Handler: Unassigned → ${exporter}`);
    await shot(page, 'working-day-handler-assigned');
  });

  test('an export handler takes an unassigned export shipment and can then change its status', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const s = await unassignedShipment(page.request, 'export');
    const exporter = await nameOf(page.request, DEMO.export);
    await signInAs(page, DEMO.export, { at: `/shipment/${s.id}` });
    const status = page.getByRole('region', { name: 'Shipment Status' });
    await expect(status).toContainText('Only an administrator or the shipment’s handler can change its status.');
    const card = page.getByRole('region', { name: 'Handler', exact: true });
    await card.getByRole('button', { name: 'Take This Shipment' }).click();
    await expect(card.getByTestId('handler-name')).toHaveText(exporter);
    await expect(card.getByRole('button', { name: 'Take This Shipment' })).toHaveCount(0);
    await expect(status.getByRole('combobox', { name: 'Change status to' })).toBeVisible();
  });

  // The count is every unassigned shipment on the server, which tests beside it change: it runs alone (playwright.config.ts).
  test('the admin dashboard counts unassigned shipments and opens them; several are assigned at once', { tag: '@alone' }, async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const [a, b] = [await unassignedShipment(page.request, 'import'), await unassignedShipment(page.request, 'import')];
    const importer = await nameOf(page.request, DEMO.import);
    const stats = await ok<{ total: number }>(await page.request.get('/api/shipments', { params: { handler: 'unassigned', pageSize: 1 } }));
    await page.goto('/dashboard');
    await expect(page.getByTestId('kpi-unassigned')).toHaveText(String(stats.total));
    await page.getByRole('link', { name: /^Unassigned\s+[\d,]+\s+No handler yet: show and assign$/i }).click();
    await expect(page).toHaveURL(/\/all-shipments\?handler=unassigned$/);
    await expect(page.getByRole('checkbox', { name: 'Unassigned' })).toBeChecked();
    await expect(page.getByTestId('pager-summary')).toContainText(`of ${stats.total} results`);

    await page.getByRole('checkbox', { name: `Select ${a.reference_number}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b.reference_number}` }).check();
    await expect(page.getByTestId('bulk-bar')).toContainText('2 shipments selected');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Assign Handler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Handler' });
    await expect(dialog).toContainText('Choose who handles the 2 selected shipments.');
    await dialog.getByRole('combobox', { name: 'Handler' }).click();
    await page.getByRole('option', { name: `${importer} (Import)` }).click();
    await dialog.getByRole('button', { name: 'Assign Handler' }).click();
    await expect(page.getByText(`2 shipments now handled by ${importer} (Import).`)).toBeVisible();
    await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
    await expect(page.getByTestId('pager-summary')).toContainText(`of ${stats.total - 2} results`);
    await expect(page.getByRole('checkbox', { name: `Select ${a.reference_number}` })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'working-day-unassigned-list-390');
  });
});

test.describe('one search for every number', () => {
  test('Ctrl+K finds a shipment by a container number typed with a space and a dash, and opens it', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const { number, serial } = uniqueContainer();
    const s = await createSea(page.request, { containers: [{ type: '40HC', number, carrier_seal_number: 'SL-1' }] });
    await page.goto('/companies');
    await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeVisible();
    await page.keyboard.press('Control+K');
    const input = page.getByRole('textbox', { name: 'Search shipments' });
    await expect(input).toBeFocused();
    await input.fill(`zqxu ${serial}-${number.slice(10)}`);
    const result = page.getByTestId('global-search-result');
    await expect(result).toHaveCount(1);
    await expect(result).toContainText(s.reference_number);
    await expect(result).toContainText(`Container${number}`);
    await shot(page, 'working-day-global-search');
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/shipment/${s.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: s.reference_number })).toBeVisible();

    // The customer of that company finds it too, from the phone header's search button, and opens their view.
    await signInAs(page, DEMO.customer);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('global-search-button').filter({ visible: true }).click();
    await page.getByRole('textbox', { name: 'Search shipments' }).fill(number.toLowerCase());
    await expect(page.getByTestId('global-search-result')).toHaveCount(1);
    await shot(page, 'working-day-global-search-390');
    await page.getByTestId('global-search-result').click();
    await expect(page).toHaveURL(new RegExp(`/all-shipments/${s.id}$`));
  });

  test("the lists' search box finds a shipment by a container number typed with a space", async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const { number } = uniqueContainer();
    const s = await createSea(page.request, { containers: [{ type: '20DC', number, carrier_seal_number: 'SL-2' }] });
    await page.goto(`/sea-shipments?q=${encodeURIComponent(`${number.slice(0, 4)} ${number.slice(4)}`)}`);
    await expect(page.getByTestId('shipment-row')).toHaveCount(1);
    await expect(page.getByTestId('shipment-row')).toContainText(s.reference_number);
  });
});

test.describe('the rough edges of the lists', () => {
  test('/my-shipments: a search that finds nothing says so with Clear Filters; the last column is View', async ({ page }) => {
    await signInAs(page, DEMO.export, { at: '/my-shipments?q=no-such-shipment-zz' });
    await expect(page.getByText('No shipments match your filters')).toBeVisible();
    await expect(page.getByText("You don't have any assigned shipments yet.")).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Clear Filters' }).last().click();
    await expect(page).toHaveURL(/\/my-shipments$/);
    await expect(page.getByTestId('shipment-row').first()).toBeVisible();
    await expect(page.getByRole('columnheader').last()).toHaveText('View');
  });

  test('a page past the end goes to the last page', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const { total } = await ok<{ total: number }>(await page.request.get('/api/shipments', { params: { pageSize: 1 } }));
    const last = Math.ceil(total / 10);
    await page.goto('/all-shipments?page=999');
    await expect(page).toHaveURL(new RegExp(`page=${last}$`));
    await expect(page.getByTestId('pager-summary')).toHaveText(`Showing ${(last - 1) * 10 + 1} to ${total} of ${total} results`);
    await expect(page.getByTestId('shipment-row').first()).toBeVisible();
  });

  test('the cards say what they count, and the revenue chart shows the currency picked', async ({ page }) => {
    await signInAs(page, DEMO.admin, { at: '/air-shipments' });
    await expect(page.getByLabel('Active', { exact: true }).getByTestId('kpi-change')).toContainText('shipments created, last 30 days vs the 30 before');
    await expect(page.getByLabel('Completed', { exact: true })).toContainText('Delivered shipments');
    await page.getByRole('textbox', { name: 'Status' }).or(page.getByRole('combobox', { name: 'Status' })).first().click();
    await expect(page.getByRole('option', { name: 'Completed (closed)' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByLabel('Completed', { exact: true })).toContainText('Delivered shipments');
    const currencies = page.getByRole('radiogroup', { name: 'Revenue currency' });
    await expect(page.getByText('Revenue Distribution (USD)')).toBeVisible();
    await currencies.getByText('EUR', { exact: true }).click();
    await expect(page.getByText('Revenue Distribution (EUR)')).toBeVisible();
    await shot(page, 'working-day-dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'working-day-dashboard-390');
  });
});

test.describe('documents from the shipment itself', () => {
  test('a handler uploads two files from the shipment page; both are on the shipment and in its history', async ({ page }, testInfo) => {
    await signInAs(page, DEMO.export);
    const s = await createSea(page.request);
    const tag = unique();
    const files = [`invoice-${tag}.pdf`, `packing-list-for-the-cotton-fabric-rolls-of-this-shipment-${tag}.txt`].map((name) => testInfo.outputPath(name));
    const fs = await import('node:fs/promises');
    await fs.writeFile(files[0]!, '%PDF-1.4\n%from the shipment page\n');
    await fs.writeFile(files[1]!, 'Packing list: 12 pallets of cotton fabric rolls\n');
    await page.goto(`/shipment/${s.id}`);
    const section = page.getByRole('region', { name: 'Documents', exact: true });
    await expect(section.getByRole('link', { name: 'Add Document' })).toHaveAttribute('href', '/documents');
    await section.getByRole('button', { name: 'Upload Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await expect(dialog).toContainText(`Files are assigned to ${s.reference_number} as they are uploaded.`);
    await dialog.getByTestId('upload-input').setInputFiles(files);
    await expect(dialog.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(2);
    await shot(page, 'working-day-upload-from-shipment');
    // At 390 px the rows stay inside the dialog (a long name is cut, not pushed past the edge).
    await page.setViewportSize({ width: 390, height: 844 });
    const box = (await dialog.getByTestId('upload-list-scroll').boundingBox())!;
    for (const row of await dialog.getByTestId('upload-item').all()) {
      const r = (await row.boundingBox())!;
      expect(r.x + r.width, 'an upload row ends inside its list').toBeLessThanOrEqual(box.x + box.width + 1);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const listed = page.getByTestId('shipment-document');
    await expect(listed).toHaveCount(2);
    await expect(listed.filter({ hasText: `invoice-${tag}.pdf` })).toBeVisible();
    await expect(page.getByTestId('history-row').filter({ hasText: `File: packing-list-for-the-cotton-fabric-rolls-of-this-shipment-${tag}.txt` })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'working-day-shipment-documents-390');
  });
});
