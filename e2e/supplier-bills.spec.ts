import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, newShipment, origin, shot, shotOf, signInApi, signInAs, test } from './fixtures';

// Issue 39, supplier bills: a handler enters a carrier's bill, uploads its PDF, matches the line to the freight cost of
// a shipment they handle and sees the difference; the shipment's Charges panel then shows the profit on the actual
// cost (basis "Actual" for that currency) beside the accrued one; an administrator records a part payment and finds
// the bill in the payables ageing. Screenshots of the new pages at 1280 and 390 px.

type Totals = { currency: string; cost_accrued: string; cost_actual: string; profit: string; profit_accrued: string; cost_basis: string }[];
type Line = { id: string; side: string; amount: string; currency: string; matched_bill_id?: string | null };

async function chargesOf(request: APIRequestContext, shipmentId: string): Promise<{ lines: Line[]; totals: Totals }> {
  const res = await request.get(`/api/shipments/${shipmentId}/charges`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { lines: Line[]; totals: Totals };
}

/** A PDF small enough to write here, with the header and trailer the content check reads. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test('a supplier bill matched to a shipment moves its profit from accrued to actual', async ({ page, request }) => {
  test.setTimeout(300_000);
  // A new shipment of the export user's, with a GBP freight cost (so the currency's cost is this line alone once billed).
  await signInApi(request, DEMO.export);
  const shipment = await newShipment(request, 'E2E-BILL');
  const cost = await request.post(`/api/shipments/${shipment.id}/charges`, {
    data: { side: 'buy', category: 'freight', code: 'FRT', description: 'Trucking to port', quantity: '1', unit_price: '640', currency: 'GBP' },
    headers: { origin: origin() },
  });
  expect(cost.status(), await cost.text()).toBe(201);
  const costLine = (await cost.json()) as Line;
  const before = (await chargesOf(request, shipment.id)).totals.find((t) => t.currency === 'GBP')!;
  expect(before).toMatchObject({ cost_accrued: '640.00', cost_actual: '640.00', cost_basis: 'accrued' });

  // The handler enters the bill on the page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.export, { at: '/supplier-bills' });
  await page.getByTestId('new-supplier-bill').click();
  await expect(page.getByRole('heading', { name: 'New supplier bill' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Supplier', exact: true }).fill('');
  await page.getByRole('combobox', { name: 'Supplier', exact: true }).click();
  await page.getByRole('option').first().click();
  const number = `E2E-${Date.now()}`;
  await page.getByTestId('bill-number').fill(number);
  await page.getByRole('textbox', { name: 'Currency' }).fill('GBP');
  await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Trucking to port');
  await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('655.25');
  await expect(page.getByTestId('bill-total')).toContainText('655.25 GBP');
  await shot(page, 'supplier-bill-new-1280');
  await page.getByTestId('save-bill').click();
  await expect(page.getByRole('heading', { name: `Bill ${number}` })).toBeVisible();

  // The supplier's PDF, kept as a document.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('upload-bill-file').click();
  await (await chooser).setFiles({ name: `${number}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('bill-file')).toHaveText(`${number}.pdf`);

  // Match the line to the shipment's cost: the difference shows before and after saving.
  await page.getByTestId('match-line').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Shipment' }).fill(shipment.reference_number);
  await page.getByRole('option', { name: new RegExp(shipment.reference_number) }).first().click();
  await dialog.getByRole('radio', { name: /Trucking to port: 640\.00 GBP accrued/ }).check();
  await expect(dialog.getByTestId('match-preview')).toHaveText('Difference: 15.25 GBP (billed minus accrued)');
  await dialog.getByTestId('save-match').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('line-difference').first()).toHaveText('Difference 15.25 GBP');
  await expect(page.getByTestId('bill-difference')).toContainText('1 of 1 matched');
  await shot(page, 'supplier-bill-detail-1280');

  // The job's profit moved from accrued to actual: the API and the Charges panel say so.
  const after = (await chargesOf(request, shipment.id)).totals.find((t) => t.currency === 'GBP')!;
  expect(after).toMatchObject({ cost_accrued: '640.00', cost_actual: '655.25', cost_basis: 'actual' });
  expect(BigInt(after.profit_accrued.replace('.', '')) - BigInt(after.profit.replace('.', ''))).toBe(1525n);
  expect((await chargesOf(request, shipment.id)).lines.find((l) => l.id === costLine.id)?.matched_bill_id).toBeTruthy();
  await page.goto(`/shipment/${shipment.id}`);
  const panel = page.getByRole('region', { name: 'Charges' });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const gbp = panel.getByTestId('charge-total-GBP');
  await expect(gbp.getByTestId('cost-basis')).toHaveText('Actual');
  await expect(gbp.getByTestId('total-cost_accrued')).toHaveText('640.00 GBP');
  await expect(gbp.getByTestId('total-cost_actual')).toHaveText('655.25 GBP');
  await expect(panel.getByTestId('matched-badge')).toContainText(number);
  await panel.getByTestId('charge-totals').scrollIntoViewIfNeeded();
  await shotOf(panel.getByTestId('charge-totals'), 'charges-accrued-actual-1280');

  // An administrator pays part of it and finds it in the payables ageing; the phone views.
  await signInAs(page, DEMO.admin, { at: '/supplier-bills' });
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await page.getByRole('link', { name: number }).first().click();
  await page.getByTestId('pay-bill').click();
  await page.getByTestId('pay-amount').fill('255.25');
  await page.getByTestId('save-bill-payment').click();
  await expect(page.getByTestId('bill-open')).toHaveText('400.00 GBP');
  await page.goto('/billing/payables');
  await expect(page.getByTestId('payables-totals')).toContainText('GBP');
  await shot(page, 'payables-ageing-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/supplier-bills');
  await expect(page.getByTestId('supplier-bill-card').first()).toBeVisible();
  await shot(page, 'supplier-bills-390');
  await page.getByRole('link', { name: number }).first().click();
  await expect(page.getByTestId('bill-line-card').first()).toContainText('Difference 15.25 GBP');
  await shot(page, 'supplier-bill-detail-390');
  await page.goto(`/shipment/${shipment.id}`);
  const phonePanel = page.getByRole('region', { name: 'Charges' });
  await expect(phonePanel.getByTestId('charge-totals').getByTestId('cost-basis').last()).toBeVisible({ timeout: 60_000 });
  await shotOf(phonePanel.getByTestId('charge-totals'), 'charges-accrued-actual-390');
  await page.goto('/billing/payables');
  await expect(page.getByTestId('payables-card').first()).toBeVisible();
  await shot(page, 'payables-ageing-390');
});

test("a bill is corrected and deleted on its page; the shipment's Financial Summary follows", async ({ page, request }) => {
  test.setTimeout(240_000);
  await signInApi(request, DEMO.export);
  const shipment = await newShipment(request, 'E2E-FIX');
  const headers = { origin: origin() };
  const cost = await request.post(`/api/shipments/${shipment.id}/charges`, {
    data: { side: 'buy', category: 'customs', code: 'CUS', description: 'Customs exam', quantity: '1', unit_price: '300', currency: 'CHF' }, headers,
  });
  expect(cost.status(), await cost.text()).toBe(201);
  const carriers = (await (await request.get('/api/carriers?pageSize=1')).json()) as { rows: { id: string }[] };
  const number = `FIX-${Date.now()}`;
  const made = await request.post('/api/supplier-bills', {
    headers,
    data: {
      supplier_kind: 'carrier', supplier_id: carriers.rows[0]!.id, number, bill_date: '2026-11-02', due_date: '2026-12-02', currency: 'CHF', vat: '0',
      lines: [{ description: 'Customs exam', amount: '310', shipment_id: shipment.id, charge_line_id: ((await cost.json()) as Line).id }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const bill = (await made.json()) as { id: string };

  // The handler corrects the amount on the edit page: the match stays, the difference follows.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.export, { at: `/supplier-bills/${bill.id}` });
  await page.getByTestId('edit-bill').click();
  await expect(page.getByRole('heading', { name: `Edit bill ${number}` })).toBeVisible();
  await expect(page.getByTestId('bill-supplier')).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('320');
  await expect(page.getByTestId('bill-total')).toContainText('320.00 CHF');
  await shot(page, 'supplier-bill-edit-1280');
  await page.getByTestId('save-bill').click();
  await expect(page.getByRole('heading', { name: `Bill ${number}` })).toBeVisible();
  await expect(page.getByTestId('line-difference').first()).toHaveText('Difference 20.00 CHF');

  // The shipment's Financial Summary is on the actual cost, the accrued one beside it.
  await page.goto(`/shipment/${shipment.id}`);
  const chf = page.getByTestId('financial-totals').getByRole('row', { name: /CHF/ });
  await expect(chf.getByTestId('financial-cost')).toContainText('320.00 CHF', { timeout: 60_000 });
  await expect(chf.getByTestId('financial-cost')).toContainText('Actual · accrued 300.00 CHF');
  await shotOf(page.getByTestId('financial-totals'), 'financial-summary-actual-1280');

  // Entered by mistake after all: deleted, the cost is accrued again.
  await page.goto(`/supplier-bills/${bill.id}`);
  await page.getByTestId('delete-bill').click();
  await expect(page.getByRole('dialog')).toContainText(`Delete bill ${number}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/supplier-bills$/);
  await expect(page.getByText('Bill deleted')).toBeVisible();
  expect((await request.get(`/api/supplier-bills/${bill.id}`)).status()).toBe(404);
  expect((await chargesOf(request, shipment.id)).totals.find((t) => t.currency === 'CHF')).toMatchObject({ cost_actual: '300.00', cost_basis: 'accrued' });

  // The edit page on a phone.
  const again = await request.post('/api/supplier-bills', {
    headers, data: { supplier_kind: 'carrier', supplier_id: carriers.rows[0]!.id, number: `${number}-B`, bill_date: '2026-11-02', due_date: '2026-12-02', currency: 'CHF', vat: '0', lines: [{ description: 'Storage', amount: '45' }] },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/supplier-bills/${((await again.json()) as { id: string }).id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Line 1 amount' })).toHaveValue('45.00');
  await shot(page, 'supplier-bill-edit-390');
});
