import fs from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';

// The spec's texts, as the user reads them (spec sections 2, 5 and 8).
const INVALID_TYPE = 'Invalid file type. Please upload a PDF, Word, Excel, text document, or image.';
const CONFIRM_UNASSIGN = 'Are you sure you want to remove this document from the shipment?';
const CONFIRM_DELETE = 'Are you sure you want to delete this file?';

/** A small but real PDF (one page with a line of text). */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj',
    '4 0 obj <</Length 44>> stream',
    'BT /F1 18 Tf 40 100 Td (Cargodesk e2e) Tj ET',
    'endstream endobj',
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);
/** A 64x40 PNG of coloured blocks. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAVElEQVR42u3XsQkAIAwEwDQu4rou41QOYeUMKQSDB18/ue4Te7ZU+lip3O4PAAAAAACA0oDXDsr2AwAAAAAA1AbYQgAAAAAAAH5iYw4AAAAA4FPAAUAtSvHg/I2/AAAAAElFTkSuQmCC',
  'base64',
);
/** A zip's local file header: what a .docx starts with. */
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.from('[Content_Types].xml', 'latin1'), Buffer.alloc(200, 7)]);
const text = (bytes: number, line = 'Cargodesk e2e text file line.\n') => Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes), 'utf8');

let counter = 0;
/** A suffix no other test or run uses, so each test finds only its own files. */
const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Uploaded = { name: string; original_name: string };

/** Uploads through the API, as the user signed in on `request`. */
async function uploadApi(request: APIRequestContext, name: string, body: Buffer): Promise<Uploaded> {
  const res = await request.post('/api/documents', { headers: { origin: origin(), 'x-file-name': encodeURIComponent(name) }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Uploaded;
}

/** A sea shipment of the demo customer's company (Anatolia Textiles Ltd), created by the admin signed in on `request`. */
async function createShipment(request: APIRequestContext): Promise<{ id: string; reference_number: string }> {
  const companies = await request.get('/api/companies/options', { params: { q: 'Anatolia Textiles' } });
  expect(companies.status()).toBe(200);
  const body = (await companies.json()) as { id: string; name: string }[] | { rows: { id: string; name: string }[] };
  const company = (Array.isArray(body) ? body : body.rows).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      loading_type: 'export',
      type: 'sea',
      reference_number: `E2E-DOC-${unique()}`.toUpperCase(),
      company_id: company.id,
      cargo_description: 'Cotton fabric rolls',
      package_type: 'pallet',
      packages_count: 4,
      weight_gross: 820,
      origin_port: 'Istanbul',
      origin_port_country: 'TR',
      destination_port: 'Rotterdam',
      destination_port_country: 'NL',
      estimated_departure: '2026-03-01T09:30:00.000Z',
      estimated_arrival: '2026-03-20T18:00:00.000Z',
      containers: [{ type: '40HC', number: 'MSKU7654328', carrier_seal_number: 'SL-1', weight: 0, volume: 0 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

const rows = (page: Page) => page.getByTestId('document-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByTestId('document-name').getByText(name, { exact: true }) });
const names = (page: Page) => page.getByTestId('document-name');
const uploadItem = (page: Page, name: string) => page.getByTestId('upload-item').filter({ hasText: name });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function searchDocuments(page: Page, q: string) {
  await page.getByRole('textbox', { name: 'Search documents' }).fill(q);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${q}`));
}

async function pickType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'File type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test.describe('documents page', () => {
  test('uploads several files with progress bars, cancels one, and refuses an executable in the browser', async ({ page }, testInfo) => {
    test.setTimeout(90_000); // two 8 MB uploads over a deliberately slow link
    await fs.mkdir(testInfo.outputPath(), { recursive: true });
    await signInAs(page, DEMO.admin, { at: '/documents' });
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByText('Manage and share important documents')).toBeVisible();
    await expect(page.getByTestId('pager-summary')).toContainText(/^Showing \d+ to \d+ of \d+ results$/);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await expect(dialog).toBeVisible();

    // Slow the upload link down so the progress of an 8 MB file can be watched (and cancelled).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 3 * 1024 * 1024 });

    const s = unique();
    const big = `big-${s}.txt`;
    const cancelled = `cancelled-${s}.txt`;
    const pdf = `report-${s}.pdf`;
    const png = `photo-${s}.png`;
    const exe = `setup-${s}.exe`;
    // Real files on disk: the browser reads them itself (handing it 16 MB of buffers is slow).
    const files: [string, Buffer][] = [
      [big, text(8 * 1024 * 1024)],
      [cancelled, text(8 * 1024 * 1024)],
      [pdf, PDF],
      [png, PNG],
      [exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)])],
    ];
    const paths = await Promise.all(
      files.map(async ([name, body]) => {
        const file = testInfo.outputPath(name);
        await fs.writeFile(file, body);
        return file;
      }),
    );
    await dialog.getByTestId('upload-input').setInputFiles(paths);

    // The executable is refused before sending, with the spec's message, and has no Cancel.
    await expect(uploadItem(page, exe)).toHaveAttribute('data-status', 'refused');
    await expect(uploadItem(page, exe).getByTestId('upload-status')).toHaveText(INVALID_TYPE);
    await expect(uploadItem(page, exe).getByRole('button', { name: /Cancel/ })).toHaveCount(0);

    // The big files show a moving progress bar; one is cancelled part-way.
    const bar = uploadItem(page, cancelled).getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { message: 'upload progress' }).toBeGreaterThan(0);
    await expect(uploadItem(page, big).getByRole('progressbar')).toBeVisible();
    await shot(page, 'documents-upload-progress');
    await uploadItem(page, cancelled).getByRole('button', { name: `Cancel upload of ${cancelled}` }).click();
    await expect(uploadItem(page, cancelled)).toHaveAttribute('data-status', 'cancelled');
    await expect(uploadItem(page, cancelled).getByTestId('upload-status')).toHaveText('Cancelled');

    // The others finish, each with its own result.
    for (const name of [pdf, png, big]) await expect(uploadItem(page, name)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(uploadItem(page, big).getByTestId('upload-status')).toHaveText('Uploaded (8 MB)');
    await expect(dialog.getByTestId('upload-summary')).toHaveText('3 of 5 files uploaded');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await shot(page, 'documents-upload-done');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The list shows the uploaded files, and neither the cancelled nor the refused one.
    await searchDocuments(page, s);
    await expect(rows(page)).toHaveCount(3);
    for (const name of [big, pdf, png]) await expect(row(page, name)).toBeVisible();
    await expect(row(page, big).getByTestId('document-size')).toHaveText('8 MB');
    await expect(row(page, big).getByTestId('document-type')).toHaveText('Text');
    await expect(row(page, png).getByTestId('document-type')).toHaveText('Image');
    await expect(row(page, pdf).getByTestId('document-type')).toHaveText('PDF');
  });

  test('searches, filters by type with Clear Filters, sorts by Name and Size, and pages 8 at a time', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const s = unique();
    // Uploaded oldest first: c, a, e ... so date order differs from name and size order.
    const files: [string, Buffer][] = [
      [`c-${s}.pdf`, PDF],
      [`a-${s}.txt`, text(3000)],
      [`e-${s}.png`, PNG],
      [`b-${s}.txt`, text(100)],
      [`d-${s}.pdf`, Buffer.concat([PDF, Buffer.from('\n% padding\n'.repeat(300))])],
      [`f-${s}.txt`, text(50_000)],
      [`g-${s}.txt`, text(10)],
      [`h-${s}.png`, PNG],
      [`i-${s}.txt`, text(700)],
    ];
    for (const [name, body] of files) await uploadApi(page.request, name, body);
    await page.goto('/documents');
    await expect(rows(page)).toHaveCount(8);
    await shot(page, 'documents-page');

    await searchDocuments(page, s);
    await expect(rows(page)).toHaveCount(8);
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 1 to 8 of 9 results');
    await expect(names(page).first()).toHaveText(`i-${s}.txt`); // newest first
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('pager-summary')).toHaveText('Showing 9 to 9 of 9 results');
    await expect(names(page)).toHaveText([`c-${s}.pdf`]);

    await page.getByRole('combobox', { name: 'File type' }).click();
    await expect(page.getByRole('option')).toHaveText(['All Types', 'PDF Documents', 'Word Documents', 'Excel Spreadsheets', 'Images', 'Text Files']);
    await page.keyboard.press('Escape');
    await pickType(page, 'PDF Documents');
    await expect(page).toHaveURL(/type=pdf/);
    await expect(names(page)).toHaveText([`d-${s}.pdf`, `c-${s}.pdf`]);
    await pickType(page, 'Images');
    await expect(names(page)).toHaveText([`h-${s}.png`, `e-${s}.png`]);
    await pickType(page, 'Text Files');
    await expect(rows(page)).toHaveCount(5);

    await page.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(names(page)).toHaveText([`a-${s}.txt`, `b-${s}.txt`, `f-${s}.txt`, `g-${s}.txt`, `i-${s}.txt`]);
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(names(page)).toHaveText([`i-${s}.txt`, `g-${s}.txt`, `f-${s}.txt`, `b-${s}.txt`, `a-${s}.txt`]);
    await page.getByRole('button', { name: 'Size' }).click();
    await expect(names(page)).toHaveText([`g-${s}.txt`, `b-${s}.txt`, `i-${s}.txt`, `a-${s}.txt`, `f-${s}.txt`]);
    await expect(row(page, `f-${s}.txt`).getByTestId('document-size')).toHaveText('48.83 KB');
    await page.getByRole('button', { name: 'Size' }).click();
    await expect(names(page).first()).toHaveText(`f-${s}.txt`);

    // A search that finds nothing, then Clear Filters removes the search and the type.
    await searchDocuments(page, `${s}-nothing`);
    await expect(page.getByText('No documents found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await expect(page).not.toHaveURL(/[?&](q|type)=/);
    await expect(page.getByRole('combobox', { name: 'File type' })).toHaveValue('All Types');
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
  });

  test('previews a PDF in a frame, an image, and says a .docx cannot be previewed', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const s = unique();
    const pdf = await uploadApi(page.request, `manifest-${s}.pdf`, PDF);
    const png = await uploadApi(page.request, `seal-${s}.png`, PNG);
    const docx = await uploadApi(page.request, `letter-${s}.docx`, DOCX);
    await page.goto('/documents');
    await searchDocuments(page, s);

    await row(page, pdf.original_name).getByRole('button', { name: `View ${pdf.original_name}` }).click();
    const preview = page.getByTestId('document-preview');
    await expect(preview.getByTestId('preview-file-name')).toHaveText(pdf.original_name);
    const frame = preview.getByTestId('preview-pdf');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /^\/api\/files\/.+disposition=inline/);
    // Full screen first; the toggle shrinks it and back.
    await expect(preview.getByRole('button', { name: 'Exit Full Screen' })).toBeVisible();
    await expect.poll(async () => (await preview.boundingBox())?.width).toBe(page.viewportSize()!.width);
    await shot(page, 'documents-preview-pdf');
    await preview.getByRole('button', { name: 'Exit Full Screen' }).click();
    await expect(preview.getByRole('button', { name: 'Full Screen', exact: true })).toBeVisible();
    await expect.poll(async () => (await preview.boundingBox())?.width).toBeLessThan(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await row(page, png.original_name).getByRole('button', { name: `View ${png.original_name}` }).click();
    const image = preview.getByTestId('preview-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await shot(page, 'documents-preview-image');
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    await row(page, docx.original_name).getByRole('button', { name: `View ${docx.original_name}` }).click();
    await expect(preview.getByText('Preview Not Available')).toBeVisible();
    await expect(preview.getByText('This file type cannot be previewed in the browser.')).toBeVisible();
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Download File' }).click();
    expect((await download).suggestedFilename()).toBe(docx.original_name);
    await preview.getByRole('button', { name: 'Close' }).click();

    // A file deleted meanwhile (here by another request): the link fails, and so does a download.
    const gone = await page.request.delete(`/api/documents/${encodeURIComponent(pdf.name)}`, { headers: { origin: origin() } });
    expect(gone.status()).toBe(204);
    await row(page, pdf.original_name).getByRole('button', { name: `View ${pdf.original_name}` }).click();
    await expect(preview.getByText('Error Loading Document')).toBeVisible();
    await expect(preview.getByText('Failed to load document. Please try downloading it instead.')).toBeVisible();
    await preview.getByRole('button', { name: 'Download Instead' }).click();
    await expect(page.getByText('Failed to download file. Please try again.')).toBeVisible();
  });

  test('assigns a document to a shipment, which both detail pages then list', async ({ page }) => {
    test.setTimeout(60_000); // two roles, three pages
    await signInAs(page, DEMO.admin);
    const shipment = await createShipment(page.request);
    const doc = await uploadApi(page.request, `invoice-${unique()}.pdf`, PDF);
    await page.goto('/documents');
    await searchDocuments(page, doc.original_name);

    await row(page, doc.original_name).getByRole('button', { name: `Assign ${doc.original_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Document to Shipment' });
    await expect(dialog.getByText('Select a shipment to assign this document to.')).toBeVisible();
    await expect(dialog.getByTestId('assign-document-line')).toHaveText(doc.original_name);
    const assign = dialog.getByRole('button', { name: 'Assign Document' });
    await expect(assign).toBeDisabled();
    // The shipment list opens on demand, not over the buttons by itself (issue 20); the modal's opening is ~200 ms.
    await page.waitForTimeout(400);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    const select = dialog.getByPlaceholder('Select a shipment');
    await select.fill(shipment.reference_number);
    const label = `${shipment.reference_number} - Anatolia Textiles Ltd (SEA)`;
    const option = page.getByRole('option', { name: label, exact: true });
    await option.click();
    await expect(assign).toBeEnabled();
    // Picking the chosen shipment again keeps it.
    await select.click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(select).toHaveValue(label);
    await expect(assign).toBeEnabled();
    await shot(page, 'documents-assign-dialog');
    await assign.click();
    await expect(dialog.getByText('Document assigned successfully!')).toBeVisible();
    await expect(dialog).toBeHidden(); // closes by itself after 1.5 s
    await expect(row(page, doc.original_name).getByTestId('document-assignment')).toHaveText(`Assigned to: ${shipment.reference_number}`);
    await expect(row(page, doc.original_name).getByRole('button', { name: `Remove assignment of ${doc.original_name}` })).toBeVisible();

    // Staff detail: the document with its size, assigner and time, View and Download.
    await page.goto(`/shipment/${shipment.id}`);
    const staffDocs = region(page, 'Documents');
    const item = staffDocs.getByTestId('shipment-document');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('shipment-document-name')).toHaveText(doc.original_name);
    await expect(item).toContainText(/\d+(\.\d+)? (Bytes|KB) · Assigned by .+ on \d{2} \w{3} \d{4}, \d{2}:\d{2}/);
    await expect(staffDocs.getByRole('link', { name: 'Add Document' })).toHaveAttribute('href', '/documents');
    await item.getByRole('button', { name: `View ${doc.original_name}` }).click();
    await expect(page.getByTestId('preview-pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await staffDocs.scrollIntoViewIfNeeded();
    await shot(page, 'documents-staff-detail');

    // Customer detail: a card with the 'Assigned' tag and 'Assigned by {name} on {date}'; no /documents for them.
    await signInAs(page, DEMO.customer, { at: '/documents' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/all-shipments/${shipment.id}`);
    const card = region(page, 'Documents').getByTestId('shipment-document');
    await expect(card.getByTestId('shipment-document-name')).toHaveText(doc.original_name);
    await expect(card.getByText('Assigned', { exact: true })).toBeVisible();
    await expect(card.getByTestId('shipment-document-assigned-by')).toHaveText(/^Assigned by .+ on \d{2} \w{3} \d{4}$/);
    await expect(region(page, 'Documents').getByRole('link', { name: 'Add Document' })).toHaveCount(0);
    await card.getByRole('button', { name: `View ${doc.original_name}` }).click();
    await expect(page.getByTestId('preview-pdf')).toBeVisible();
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download ${doc.original_name}` }).click();
    expect((await download).suggestedFilename()).toBe(doc.original_name);
    await region(page, 'Documents').scrollIntoViewIfNeeded();
    await shot(page, 'documents-customer-detail');
  });

  test('removes an assignment and deletes a file after their confirmations', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    const shipment = await createShipment(page.request);
    const doc = await uploadApi(page.request, `packing-${unique()}.txt`, text(500));
    const put = await page.request.put(`/api/documents/${encodeURIComponent(doc.name)}/assignment`, { headers: { origin: origin() }, data: { shipment_id: shipment.id } });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/documents');
    await searchDocuments(page, doc.original_name);
    const line: Locator = row(page, doc.original_name);
    await expect(line.getByTestId('document-assignment')).toHaveText(`Assigned to: ${shipment.reference_number}`);

    await line.getByRole('button', { name: `Remove assignment of ${doc.original_name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Assignment' });
    await expect(confirm.getByText(CONFIRM_UNASSIGN)).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(line.getByTestId('document-assignment')).toHaveCount(0);
    await expect(line.getByRole('button', { name: `Assign ${doc.original_name}` })).toBeVisible();
    await page.goto(`/shipment/${shipment.id}`);
    await expect(region(page, 'Documents').getByText('No documents attached to this shipment')).toBeVisible();

    await page.goto('/documents');
    await searchDocuments(page, doc.original_name);
    await line.getByRole('button', { name: `Delete ${doc.original_name}` }).click();
    const del = page.getByRole('dialog', { name: 'Delete File' });
    await expect(del.getByText(CONFIRM_DELETE)).toBeVisible();
    await del.getByRole('button', { name: 'Delete' }).click();
    await expect(del).toBeHidden();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('No documents found')).toBeVisible();
    const link = await page.request.get(`/api/documents/${encodeURIComponent(doc.name)}/link`);
    expect(link.status()).toBe(404);
  });
});
