import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { clickTo, DEMO, expect, shot, shotOf, signInApi, test } from './fixtures';
import { controlsUnder } from './phone-checks';

// Issue 16, the document checklist: on a phone the demo customer uploads a paper their shipment is waiting for and sees it
// received; at desktop width its handler rejects it with a reason, which the customer reads; the customer uploads again,
// an administrator approves it. The dashboards count the overdue papers as GET /api/dashboard does.

const INVALID_TYPE = 'Invalid file type. Please upload a PDF, Word, Excel, text document, or image.';
const REASON_REQUIRED = 'Say why the document is rejected';

/** A small but real PDF (the server checks the content as well as the name). */
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

type Item = { id: string; name: string; provider: 'customer' | 'forwarder'; state: string };
type Checklist = { items: Item[]; can_manage: boolean };
type Found = { shipmentId: string; reference: string; item: Item };

/** One of the customer's shipments with a paper the customer provides and has not sent yet (an overdue one if any). */
async function findOpenCustomerItem(request: APIRequestContext): Promise<Found> {
  const list = await request.get('/api/shipments?pageSize=100');
  expect(list.status()).toBe(200);
  const rows = ((await list.json()) as { rows: { id: string; reference_number: string }[] }).rows;
  let missing: Found | undefined;
  for (const row of rows) {
    const res = await request.get(`/api/shipments/${row.id}/checklist`);
    expect(res.status()).toBe(200);
    const checklist = (await res.json()) as Checklist;
    const open = checklist.items.filter((i) => i.provider === 'customer' && (i.state === 'overdue' || i.state === 'missing'));
    const overdue = open.find((i) => i.state === 'overdue');
    if (overdue) return { shipmentId: row.id, reference: row.reference_number, item: overdue };
    if (open[0]) missing ??= { shipmentId: row.id, reference: row.reference_number, item: open[0] };
  }
  expect(missing, 'a demo shipment with a missing customer document').toBeTruthy();
  return missing!;
}

/** A demo handler who manages the shipment's checklist, else the administrator. */
async function managerOf(request: APIRequestContext, shipmentId: string): Promise<string> {
  for (const email of [DEMO.export, DEMO.import]) {
    await signInApi(request, email);
    const checklist = (await (await request.get(`/api/shipments/${shipmentId}/checklist`)).json()) as Checklist;
    if (checklist.can_manage) return email;
  }
  return DEMO.admin;
}

const itemIn = (section: Locator, page: Page, name: string) =>
  section.getByTestId('checklist-item').filter({ has: page.getByTestId('checklist-item-name').getByText(name, { exact: true }) });

async function upload(page: Page, item: Locator, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await item.getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
}

test('the customer uploads a checklist paper on a phone, staff reject and approve it, the dashboards count what is overdue', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  const { shipmentId, reference, item } = await findOpenCustomerItem(page.request);

  // (a) The customer, on a phone: the checklist is cards, and the paper they owe has an Upload button.
  await page.goto(`/all-shipments/${shipmentId}`);
  await expect(page.getByRole('heading', { name: reference })).toBeVisible();
  // Issue 45: on a phone the first screen says where the cargo goes, when it leaves and arrives, and the carrier's
  // latest word, above the papers.
  const where = page.getByRole('region', { name: 'Where it is' });
  await expect(where.getByTestId('where-route')).toContainText('→');
  await expect(where.getByTestId('where-latest')).toBeVisible();
  expect((await where.boundingBox())!.y).toBeLessThan(844);
  await shotOf(where, 'customer-where-it-is-390');
  const section = page.getByRole('region', { name: 'Document checklist' });
  await expect(section.getByTestId('checklist-cards')).toBeVisible();
  await expect(section.getByRole('table')).toHaveCount(0);
  await expect(section.getByTestId('checklist-summary')).toContainText(/\d+ of \d+ received/);
  const card = itemIn(section, page, item.name);
  await expect(card.getByTestId('checklist-state')).toHaveText(item.state === 'overdue' ? 'Overdue' : 'Missing');
  await expect(card).toContainText('You');
  // A file whose content is not what its name says: the server's 415 message, inline.
  await upload(page, card, `Upload ${item.name}`, { name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF') });
  await expect(card.getByTestId('checklist-item-error')).toContainText(INVALID_TYPE);
  await upload(page, card, `Upload ${item.name}`, { name: 'signed-invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(card.getByTestId('checklist-state')).toHaveText('Received');
  await expect(card.getByTestId('checklist-item-error')).toHaveCount(0);
  await expect(card).toContainText('signed-invoice.pdf');
  await expect(card.getByRole('button', { name: `Replace ${item.name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotOf(section, 'checklist-customer-390');
  await shot(page, 'checklist-customer-page-390');

  // (b) The handler, at a desk: the checklist is a table; a rejection needs a reason.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.1' } });
  const staff = await staffContext.newPage();
  const manager = await managerOf(staff.request, shipmentId);
  await signInApi(staff.request, manager);
  await staff.goto(`/shipment/${shipmentId}`);
  const staffSection = staff.getByRole('region', { name: 'Document checklist' });
  await expect(staffSection.getByTestId('checklist-table')).toBeVisible();
  const row = itemIn(staffSection, staff, item.name);
  await expect(row.getByTestId('checklist-state')).toHaveText('Received');
  await expect(row).toContainText('Customer');
  await shotOf(staffSection, 'checklist-staff-1280-received');
  await row.getByRole('button', { name: `Reject ${item.name}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Reject ${item.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toContainText(REASON_REQUIRED);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The invoice is not signed');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('checklist-state')).toHaveText(/^(Missing|Overdue)$/);
  await expect(row.getByTestId('checklist-rejected')).toContainText('Rejected: The invoice is not signed (signed-invoice.pdf');
  await shotOf(staffSection, 'checklist-staff-1280');
  await shot(staff, 'checklist-staff-page-1280');

  // The customer reads why, and uploads again.
  await page.reload();
  await expect(card.getByTestId('checklist-rejected')).toContainText('Rejected: The invoice is not signed');
  await upload(page, card, `Upload ${item.name}`, { name: 'signed-invoice-2.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(card.getByTestId('checklist-state')).toHaveText('Received');
  await expect(card.getByTestId('checklist-rejected')).toHaveCount(0);
  await shotOf(section, 'checklist-customer-390-rejected-then-received');

  // An administrator approves it; the customer sees it approved, with nothing left to do.
  await signInApi(staff.request, DEMO.admin);
  await staff.reload();
  await row.getByRole('button', { name: `Approve ${item.name}` }).click();
  await expect(row.getByTestId('checklist-state')).toHaveText('Approved');
  await expect(row.getByRole('button', { name: `Reject ${item.name}` })).toHaveCount(0);
  await shotOf(staffSection, 'checklist-staff-1280-approved');
  await page.reload();
  await expect(card.getByTestId('checklist-state')).toHaveText('Approved');
  await expect(card.getByRole('button', { name: new RegExp(`^(Upload|Replace) ${item.name}$`) })).toHaveCount(0);

  // (c) The customer's dashboard leads with what waits for them (issue 45): the papers owed now, the nearest due first,
  // as GET /api/dashboard says; one is uploaded from its row, right there, and leaves the list.
  await page.goto('/dashboard');
  type Owed = { id: string; name: string; reference_number: string; shipment_id: string };
  const dashboard = async () => ((await (await page.request.get('/api/dashboard')).json()) as { actions: { papers: { total: number; rows: Owed[] } } }).actions.papers;
  const owed = await dashboard();
  expect(owed.total).toBeGreaterThan(0);
  const actions = page.getByRole('region', { name: 'What needs your answer' });
  const papers = actions.getByRole('region', { name: 'Papers to send' });
  await expect(papers.getByTestId('actions-count')).toHaveText(String(owed.total));
  await expect(papers.getByTestId('owed-paper')).toHaveCount(owed.rows.length);
  const first = owed.rows[0]!;
  const owedRow = papers.getByTestId('owed-paper').first();
  await expect(owedRow).toContainText(first.name);
  await expect(owedRow.getByTestId('owed-when')).toContainText(/Due today|Due in \d+ days?|\d+ days? overdue/);
  // The row's actions are tap targets of 44 px at least (issue 45).
  const uploadButton = owedRow.getByRole('button', { name: `Upload ${first.name}` });
  for (const target of [uploadButton, owedRow.getByRole('link', { name: first.reference_number })]) {
    const box = (await target.boundingBox())!;
    expect(box.height, (await target.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotOf(actions, 'customer-actions-390');
  await upload(page, owedRow, `Upload ${first.name}`, { name: 'from-the-dashboard.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Sent for review')).toBeVisible();
  // The toast lies clear of the phone header's buttons (issue 45; it was over them, top right). On this list of
  // Upload buttons no 96 px stretch is free of controls: it takes the side that covers the fewest (toast-side.ts).
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Sent for review' });
  expect(await controlsUnder(page, toast, '.mantine-AppShell-header')).toEqual([]);
  await expect(papers.getByTestId('actions-count')).toHaveText(String(owed.total - 1));
  expect((await dashboard()).rows.map((r) => r.id)).not.toContain(first.id);
  // Every paper owed, on its own page, with the same upload on each row.
  await papers.getByRole('link', { name: 'All papers to send' }).click();
  await expect(page).toHaveURL(/\/checklist\/owed$/);
  await expect(page.getByRole('heading', { name: 'Papers to send' })).toBeVisible();
  await expect(page.getByTestId('owed-paper').first().getByRole('button', { name: /^Upload / })).toBeVisible();
  await clickTo(page, page.getByText('Overdue', { exact: true }).first(), /state=overdue/);
  await expect(page.getByTestId('owed-state').first()).toHaveText('Overdue');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'customer-papers-owed-390');

  // The staff dashboard's overdue count is the API's, and opens the overdue list.
  await staff.goto('/dashboard');
  const staffCounts = (await (await staff.request.get('/api/dashboard')).json()) as { checklist_overdue: { total: number } };
  await expect(staff.getByTestId('kpi-overdue-documents')).toHaveText(staffCounts.checklist_overdue.total.toLocaleString('en-US'));
  await shotOf(staff.getByRole('main'), 'checklist-staff-dashboard-1280');
  await staff.getByRole('link', { name: /^Overdue documents\s+[\d,]+\s/i }).click();
  await expect(staff).toHaveURL(/\/checklist\/overdue$/);
  await staffContext.close();
});
