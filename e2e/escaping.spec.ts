/**
 * Issue 8: every rendered text escapes user input. A company named `<img src=x onerror=alert(1)>`, a contact, a
 * carrier, a staff member, a shipment (cargo, notes, instructions, customer reference) and a document whose names
 * are markup are shown as text on every page that shows them: lists, detail pages, dashboards, pickers, documents
 * and the audit log. No `img[src="x"]` (or other injected element) may exist and no dialog may open.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

const COMPANY = '<img src=x onerror=alert(1)>';
const u = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const CONTACT_FIRST = `<img src=x onerror=alert(2)>`;
const CONTACT_LAST = `"><svg onload=alert(3)> ${u}`;
const CARGO = `<img src=x onerror=alert(4)> cargo ${u}`;
const NOTES = `<script>alert(5)</script> note ${u}`;
const INSTRUCTIONS = `<b onmouseover=alert(6)>bold</b> ${u}`;
const CUSTOMER_REF = `<i>ref</i>${u}`.slice(0, 40);
const CARRIER = `<img src=x onerror=alert(7)> Lines ${u}`;
const STAFF = `<img src=x onerror=alert(8)> ${u}`;
const FILE = `<img src=x onerror=alert(9)> ${u}.pdf`;
const LOOSE_FILE = `<img src=x onerror=alert(11)> loose ${u}.pdf`;

const PDF = Buffer.from(
  ['%PDF-1.4', '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj', '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj', 'trailer <</Root 1 0 R>>', '%%EOF'].join('\n'),
  'latin1',
);

type Made = { company: string; shipment: string; reference: string; document: string };

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Creates the hostile records through the API as the admin signed in on `request`. */
async function createHostileData(request: APIRequestContext): Promise<Made> {
  const headers = { origin: origin() };
  const created = await request.post('/api/companies', { headers, data: { name: COMPANY, address: `<img src=x onerror=alert(10)> street ${u}` } });
  let company: string;
  if (created.status() === 201) company = ((await created.json()) as { id: string }).id;
  else {
    // A second run on the same data: the company is there already.
    const list = await json<{ rows: { id: string; name: string }[] }>(await request.get('/api/companies', { params: { q: COMPANY } }), 200);
    company = list.rows.find((c) => c.name === COMPANY)!.id;
  }
  await json(await request.post(`/api/companies/${company}/contacts`, { headers, data: { first_name: CONTACT_FIRST, last_name: CONTACT_LAST, email: `xss.${u}@example.com`, position: '<u>Buyer</u>', is_primary_contact: true } }), 201);
  const carrier = await json<{ id: string }>(await request.post('/api/carriers', { headers, data: { name: CARRIER, country: '<b>Nowhere</b>', carrier_type: 'shipping_line' } }), 201);
  await json(await request.post('/api/staff', { headers, data: { full_name: STAFF, email: `xss.staff.${u}@cargodesk.test`, role: 'export' } }), 201);
  const shipment = await json<{ id: string; reference_number: string }>(
    await request.post('/api/shipments', {
      headers,
      data: {
        loading_type: 'export',
        type: 'sea',
        reference_number: `XSS-${u}`.toUpperCase(),
        company_id: company,
        carrier_id: carrier.id,
        customer_reference: CUSTOMER_REF,
        cargo_description: CARGO,
        internal_notes: NOTES,
        special_instructions: INSTRUCTIONS,
        package_type: 'pallet',
        packages_count: 2,
        weight_gross: 100,
        origin_port: 'Istanbul',
        origin_port_country: 'TR',
        destination_port: 'Rotterdam',
        destination_port_country: 'NL',
        estimated_departure: '2026-03-01T09:30:00.000Z',
        estimated_arrival: '2026-03-20T18:00:00.000Z',
      },
    }),
    201,
  );
  const doc = await json<{ name: string; original_name: string }>(
    await request.post('/api/documents', { headers: { ...headers, 'x-file-name': encodeURIComponent(FILE) }, data: PDF }),
    201,
  );
  expect(doc.original_name).toBe(FILE);
  await json(await request.put(`/api/documents/${encodeURIComponent(doc.name)}/assignment`, { headers, data: { shipment_id: shipment.id } }), 200);
  // One left unassigned, for the assign dialog.
  await json(await request.post('/api/documents', { headers: { ...headers, 'x-file-name': encodeURIComponent(LOOSE_FILE) }, data: PDF }), 201);
  return { company, shipment: shipment.id, reference: shipment.reference_number, document: doc.name };
}

/** Fails the test on any dialog (alert, confirm, prompt) the page opens. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (d) => {
    opened.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  return opened;
}

/** Opens `path`, waits for each text to be shown literally, and checks no injected element exists. */
async function visit(page: Page, path: string, texts: string[], opened: string[]) {
  await page.goto(path);
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeVisible();
  await expect(page.locator('img[src="x"], svg[onload], script:not([src]), b[onmouseover], i:text("ref")'), path).toHaveCount(0);
  expect(opened, path).toEqual([]);
}

test.describe('user input is shown as text everywhere', () => {
  test('staff pages: lists, detail pages, dashboards, pickers, documents, audit', async ({ page }) => {
    test.setTimeout(120_000);
    const opened = watchDialogs(page);
    await signInAs(page, DEMO.admin);
    const made = await createHostileData(page.request);

    await visit(page, `/companies?q=${encodeURIComponent('<img')}`, [COMPANY], opened);
    await visit(page, `/companies/${made.company}`, [COMPANY, CONTACT_FIRST, CONTACT_LAST, made.reference], opened);
    await visit(page, '/company', [], opened);
    await visit(page, `/all-shipments?q=${encodeURIComponent(made.reference)}`, [made.reference, COMPANY], opened);
    await visit(page, '/sea-shipments', [COMPANY], opened);
    await visit(page, `/shipment/${made.shipment}`, [COMPANY, CARGO, NOTES, INSTRUCTIONS, CUSTOMER_REF, CARRIER, FILE], opened);
    await shot(page, 'escaping-shipment-detail');
    await visit(page, '/dashboard', [], opened);
    await visit(page, `/documents?q=${encodeURIComponent(u)}`, [FILE, made.reference], opened);
    await visit(page, `/carriers?q=${encodeURIComponent(u)}`, [CARRIER], opened);
    await visit(page, '/staff', [STAFF], opened);
    await visit(page, `/audit?q=${encodeURIComponent(made.document)}`, [made.document], opened);

    // Form fields and pickers: the edit page shows the values in inputs and the company picker lists the name.
    await page.goto(`/shipment/${made.shipment}/edit`);
    await expect(page.getByRole('textbox', { name: /cargo description/i })).toHaveValue(CARGO);
    await expect(page.getByText(COMPANY).or(page.locator(`input[value="${COMPANY.replaceAll('"', '\\"')}"]`)).first()).toBeVisible();
    await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);

    // The assign dialog's shipment picker labels shipments with their company name.
    await page.goto(`/documents?q=${encodeURIComponent(`loose ${u}`)}`);
    await page.getByRole('button', { name: `Assign ${LOOSE_FILE}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Document to Shipment' });
    await expect(dialog.getByTestId('assign-document-line')).toHaveText(LOOSE_FILE);
    await dialog.getByPlaceholder('Select a shipment').fill(made.reference);
    await expect(page.getByRole('option', { name: `${made.reference} - ${COMPANY} (SEA)`, exact: true })).toBeVisible();
    await shot(page, 'escaping-assign-dialog');
    await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
    expect(opened).toEqual([]);
  });
});
