import { DEMO, expect, origin, shot, signInAs, test } from './fixtures';
import { getJson, type Json } from './shipment-form-helpers';

// Issue 38, payments, statements and ageing, on the invoices e2e/billing-data.ts seeds for the demo customer's company
// (E2E-INV-0001: 1,656.25 EUR due 2026-01-15; E2E-INV-0002: 500.00 EUR due 2026-03-31). An admin reads the ageing
// report as of 2026-03-31 (the published example: 75 days, 61-90), a partial payment follows through the API and
// a payment on the account through the "Record payment" dialog; the statement and the report agree before and after;
// the customer reads their own statement from their menu; the Exceptions page lists the overdue invoice.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const AS_OF = '2026-03-31';

for (const width of [1280, 390]) {
  test(`ageing, a payment and the statement agree (${width} px)`, async ({ page }) => {
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInAs(page, DEMO.admin);
    const company = ((await getJson(page.request, `/api/companies?q=${encodeURIComponent('Anatolia Textiles')}`)).rows as Json[])[0]!.id as string;
    const report = async () => (await getJson(page.request, `/api/reports/ageing?as_of=${AS_OF}&company_id=${company}`)) as { rows: { buckets: Record<string, string> }[] };
    const statementAgeing = async () => ((await getJson(page.request, `/api/companies/${company}/statement?to=${AS_OF}&currency=EUR`)) as { currencies: { ageing: Record<string, string> }[] }).currencies[0]!.ageing;
    const before = (await report()).rows[0]!.buckets;

    await page.goto(`/billing/ageing?as_of=${AS_OF}`);
    await expect(page.getByRole('heading', { name: 'Ageing report' })).toBeVisible();
    const row = phone ? page.getByTestId('ageing-card').filter({ hasText: 'Anatolia Textiles' }) : page.getByTestId('ageing-row').filter({ hasText: 'Anatolia Textiles' });
    await expect(row).toContainText(phone ? `61-90 days: ${before['61-90']!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}` : '1,656.25');
    await shot(page, `ageing-${width}`);

    if (!phone) {
      // The first run: a partial payment of the invoice through the API (the invoice page's dialog is the invoices feature's).
      expect(before['61-90']).toBe('1656.25');
      const entries = ((await getJson(page.request, `/api/companies/${company}/statement?to=${AS_OF}&currency=EUR`)) as { currencies: { entries: { id: string; number: string }[] }[] }).currencies[0]!.entries;
      const invoice = entries.find((e) => e.number === 'E2E-INV-0001')!;
      const res = await page.request.post('/api/payments', {
        headers: { origin: origin() },
        data: { company_id: company, invoice_id: invoice.id, received_on: '2026-03-20', amount: '656.25', currency: 'EUR', method: 'bank_transfer', reference: 'E2E-TT-1' },
      });
      expect(res.status(), await res.text()).toBe(201);
      expect((await report()).rows[0]!.buckets['61-90']).toBe('1000.00');
    }
    expect(await statementAgeing()).toEqual((await report()).rows[0]!.buckets);

    // The statement, from the company's name in the report.
    await row.getByRole('link', { name: 'Anatolia Textiles Ltd' }).click();
    await expect(page).toHaveURL(/\/billing\/statement\?/);
    const eur = page.getByTestId('statement-EUR');
    await expect(eur).toContainText('E2E-INV-0001');
    await expect(page.getByTestId('ageing-EUR-61-90')).toHaveText('1,000.00');
    const closing = (await page.getByTestId('closing-EUR').innerText()).replace(/[^\d.-]/g, '');

    // A payment on the account through the dialog: the closing balance falls by it, the ageing stays (nothing applied).
    await page.getByTestId('record-payment').click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount').fill('-5');
    await dialog.getByTestId('save-payment').click();
    await expect(dialog.getByText('Amount must be more than 0')).toBeVisible();
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Received on').fill('2026-03-25');
    await dialog.getByLabel('Reference').fill(`E2E-ACC-${width}`);
    await shot(page, `record-payment-${width}`);
    await dialog.getByTestId('save-payment').click();
    await expect(dialog).toBeHidden();
    const expected = (Number.parseFloat(closing) - 100).toFixed(2);
    await expect(page.getByTestId('closing-EUR')).toContainText(expected.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    await expect(eur).toContainText(`E2E-ACC-${width}`);
    await expect(page.getByTestId('ageing-EUR-61-90')).toHaveText('1,000.00');
    expect(await statementAgeing()).toEqual((await report()).rows[0]!.buckets);
    await shot(page, `statement-admin-${width}`);

    // The Exceptions page's overdue invoices (today is long past both due days).
    await page.goto('/exceptions');
    const overdue = page.getByTestId('overdue-invoices');
    await expect(overdue).toContainText('E2E-INV-0001');
    await shot(page, `exceptions-overdue-${width}`);
  });

  test(`a customer reads their own statement from their menu (${width} px)`, async ({ page }) => {
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signInAs(page, DEMO.customer);
    if (phone) await page.getByRole('button', { name: 'Toggle menu' }).click();
    // A customer's menu has Invoices and Statement at the top level (staff have them in the Billing group).
    await page.getByRole('link', { name: 'Statement' }).click();
    await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
    await expect(page.getByTestId('statement-EUR')).toContainText('E2E-INV-0001');
    if (phone) {
      // On a phone each entry is a block with its amount in view: nothing to scroll sideways.
      const entry = page.getByTestId('statement-entry').filter({ hasText: 'E2E-INV-0001' });
      await expect(entry).toContainText('1,656.25');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await expect(page.getByTestId('record-payment')).toHaveCount(0);
    await expect(page.getByLabel('Company')).toHaveCount(0);
    await shot(page, `statement-customer-${width}`);
    await page.goto('/billing/ageing');
    await expect(page).toHaveURL(/\/billing\/statement/);
  });
}
