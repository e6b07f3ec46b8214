/**
 * The e-invoice route (issue 39) on PGlite and PostgreSQL: Peppol BIS 3.0's example entered through the API (two lines
 * and a document-level insurance charge) is issued and downloads as UBL with the example's totals; its credit note
 * likewise; the customer gets their company's own, another company's is 404, a draft 409; allowances and charges are
 * checked on the way in. The official rules run over the documents in tests/einvoice-ubl.unit.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import type { Invoice } from '@domain/billing/schema';

let t: TestApp;
let admin: string;
let customer: string;
let ownCompany: string;
let otherCompany: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  ownCompany = (await t.db.execute<{ id: string }>(sql`select id from companies where name = ${DEMO_COMPANY}`)).rows[0]!.id;
  otherCompany = (await t.db.execute<{ id: string }>(sql`select id from companies where name <> ${DEMO_COMPANY} order by name limit 1`)).rows[0]!.id;
});
afterAll(async () => t?.close());

const S25 = { vat_category: 'S', vat_rate: '25' };
const EXAMPLE = {
  currency: 'EUR',
  buyer_reference: '0150abc',
  lines: [
    { description: 'item name', quantity: '7', unit_price: '400', ...S25 },
    { description: 'item name 2', quantity: '-3', unit_price: '500', ...S25 },
  ],
  adjustments: [{ kind: 'charge', reason: 'Insurance', amount: '25', ...S25 }],
};
const text = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);

async function issued(company: string, body: Record<string, unknown> = EXAMPLE): Promise<Invoice> {
  const draft = await t.request('/api/invoices', { cookie: admin, body: { company_id: company, ...body } });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const { id } = (await draft.json()) as Invoice;
  const res = await t.request(`/api/invoices/${id}/issue`, { cookie: admin, body: {} });
  expect(res.status).toBe(200);
  return (await res.json()) as Invoice;
}

describe('GET /api/invoices/{id}/ubl', () => {
  it("gives Peppol's example back with its totals, as the invoice and as its credit note", async () => {
    const inv = await issued(ownCompany);
    expect(inv.totals).toMatchObject({ lines: '1300.00', charge_total: '25.00', allowance_total: '0.00', tax_exclusive: '1325.00', tax: '331.25', tax_inclusive: '1656.25', payable: '1656.25' });
    expect(inv.adjustments).toEqual([{ kind: 'charge', reason: 'Insurance', amount: '25.00', vat_category: 'S', vat_rate: '25.00', exemption_reason: null }]);
    const res = await t.request(`/api/invoices/${inv.id}/ubl`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`${inv.number}.xml`);
    const xml = await res.text();
    expect(text(xml, 'cbc:ID')[0]).toBe(inv.number);
    expect(text(xml, 'cbc:BuyerReference')).toEqual(['0150abc']);
    expect(text(xml, 'cbc:TaxExclusiveAmount')).toEqual(['1325.00']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['1656.25']);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'money.invoice_ubl' and target = ${inv.number}`);
    expect(audit.rows[0]!.n).toBe(1);

    const note = await t.request(`/api/invoices/${inv.id}/credit-notes`, { cookie: admin, body: { reason: 'Goods returned' } });
    expect(note.status).toBe(201);
    const cn = (await note.json()) as Invoice;
    expect(cn.adjustments).toHaveLength(1);
    expect(cn.totals.payable).toBe('1656.25');
    await t.request(`/api/invoices/${cn.id}/issue`, { cookie: admin, body: {} });
    const cnXml = await (await t.request(`/api/invoices/${cn.id}/ubl`, { cookie: admin })).text();
    expect(cnXml).toContain('<CreditNote xmlns=');
    expect(text(cnXml, 'cbc:Note')).toEqual(['Goods returned']);
    expect(text(cnXml, 'cbc:PayableAmount')).toEqual(['1656.25']);
  });

  it("is the customer's for their company's issued documents only: another company's is 404, a draft 409 to staff", async () => {
    const own = await issued(ownCompany);
    expect((await t.request(`/api/invoices/${own.id}/ubl`, { cookie: customer })).status).toBe(200);
    const other = await issued(otherCompany);
    expect((await t.request(`/api/invoices/${other.id}/ubl`, { cookie: customer })).status).toBe(404);
    const draft = await t.request('/api/invoices', { cookie: admin, body: { company_id: ownCompany, ...EXAMPLE } });
    const { id } = (await draft.json()) as Invoice;
    const res = await t.request(`/api/invoices/${id}/ubl`, { cookie: admin });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('A draft has no e-invoice yet: issue it first');
    expect((await t.request(`/api/invoices/${id}/ubl`, { cookie: customer })).status).toBe(404);
  });

  it('refuses a bad allowance or charge with its field named, and writes nothing', async () => {
    const before = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`)).rows[0]!.n;
    const bad: [unknown, string][] = [
      [{ kind: 'discount', reason: 'x', amount: '1', ...S25 }, 'adjustments.0.kind'],
      [{ kind: 'charge', reason: '', amount: '1', ...S25 }, 'adjustments.0.reason'],
      [{ kind: 'allowance', reason: 'Discount', amount: '-5', ...S25 }, 'adjustments.0.amount'],
      [{ kind: 'charge', reason: 'Export handling', amount: '5', vat_category: 'G', vat_rate: '0' }, 'adjustments.0.exemption_reason'],
    ];
    for (const [adjustment, field] of bad) {
      const res = await t.request('/api/invoices', { cookie: admin, body: { company_id: ownCompany, ...EXAMPLE, adjustments: [adjustment] } });
      expect(res.status, field).toBe(400);
      expect(Object.keys(((await res.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {}), field).toContain(field);
    }
    expect((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`)).rows[0]!.n).toBe(before);
  });

  it('takes an allowance off the net and the tax of its category', async () => {
    const inv = await issued(ownCompany, { ...EXAMPLE, adjustments: [{ kind: 'allowance', reason: 'Volume discount', amount: '100', ...S25 }] });
    expect(inv.totals).toMatchObject({ lines: '1300.00', allowance_total: '100.00', tax_exclusive: '1200.00', tax: '300.00', payable: '1500.00' });
  });
});
