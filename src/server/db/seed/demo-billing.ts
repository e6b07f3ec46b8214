/**
 * Demo money (issue 38): manual exchange rates for about the last 100 days (USD, GBP, TRY, CHF, JPY; plausible
 * DEMO values entered as MANUAL, not the ECB's), the forwarder's billing settings, the demo customer company's billing
 * fields, and invoices of its delivered shipments in every state: a draft, issued, partly paid, paid, overdue, and
 * one with a credit note; one delivered shipment keeps unbilled charges (ready to invoice). The charge lines billed
 * are made here (field = null), and payments are inserted directly. Runs once (its own app_meta key).
 */
import { eq, sql } from 'drizzle-orm';
import { CHART_DEFAULTS } from '@domain/billing/books-schema';
import type { Db, Tx } from '../client';
import { accounting_settings, app_meta, billing_settings, charge_lines, companies, invoice_lines, invoices, payments, type StoredAdjustment } from '../schema';
import { dueDateOf } from '@domain/money/ageing';
import { documentNumber } from '@domain/money/numbering';
import { invoiceTotals, lineNet } from '@domain/money/vat';
import { dec } from '@domain/money/decimal';
import { DEMO_COMPANY } from './demo-fixtures';

/** The app_meta key that marks the demo's billing as seeded (once per database). */
export const DEMO_BILLING_META_KEY = 'demo_billing';
const META_KEY = DEMO_BILLING_META_KEY;
const DAY = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** Demo rates per 1 EUR (NOT published rates): a base and a small daily drift, TRY weakening slowly. */
const DEMO_RATES: Record<string, { base: number; drift: number; places: number }> = {
  USD: { base: 1.08, drift: 0.0004, places: 4 },
  GBP: { base: 0.845, drift: 0.0002, places: 5 },
  TRY: { base: 36.2, drift: 0.012, places: 4 },
  CHF: { base: 0.94, drift: 0.0001, places: 4 },
  JPY: { base: 161.5, drift: 0.05, places: 2 },
};

/**
 * The demo forwarder's books (issue 39): DATEV's sample consultant and client numbers, SKR04, and for the Turkish 20 %
 * of the demo invoices an automatic account of the firm's own (4401), as a tax adviser sets one up for a foreign rate.
 */
const BOOKS = {
  datev_chart: 'SKR04' as const,
  datev_consultant_number: 29098,
  datev_client_number: 55003,
  bank_account: CHART_DEFAULTS.SKR04.bank_account,
  debtor_account: CHART_DEFAULTS.SKR04.debtor_account,
  revenue_accounts: { ...CHART_DEFAULTS.SKR04.revenue_accounts, 'S 20': '4401' },
  xero_tax_types: { 'S 20': '20% (VAT on Income)' },
  quickbooks_tax_codes: { 'S 20': '20.0% S' },
};

/** The demo forwarder (the letterhead's company); a valid TR IBAN (mod 97 checked) and a BIC of a demo bank. */
const SELLER = {
  legal_name: 'Cargodesk Lojistik ve Taşımacılık A.Ş.',
  address: 'Büyükdere Cad. 185, Levent\n34394 Şişli, İstanbul',
  country: 'TR',
  vat_number: 'TR1234567890',
  tax_office: 'Zincirlikuyu',
  iban: 'TR330006100519786457841326',
  bic: 'CDSKTR2IXXX',
  bank_name: 'Demo Bank A.Ş.',
  payment_terms_days: 30,
  default_currency: 'EUR',
  default_vat_category: 'S',
  default_vat_rate: '20',
  default_exemption_reason: '',
  invoice_note: 'Please pay to the account below quoting the invoice number.',
};

type Charge = { code: string; category: string; description: string; quantity: string; unit: 'shipment' | 'container' | 'kg'; unit_price: string; currency: string };
const CHARGES: Charge[][] = [
  [{ code: 'FRT', category: 'freight', description: 'Sea freight Mersin - Hamburg', quantity: '1', unit: 'shipment', unit_price: '1850', currency: 'EUR' }, { code: 'THC', category: 'handling', description: 'Terminal handling', quantity: '1', unit: 'shipment', unit_price: '165', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Air freight IST - FRA', quantity: '412', unit: 'kg', unit_price: '2.35', currency: 'EUR' }, { code: 'DOC', category: 'documentation', description: 'Air waybill', quantity: '1', unit: 'shipment', unit_price: '45', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Road freight Bursa - Munich', quantity: '1', unit: 'shipment', unit_price: '2400', currency: 'EUR' }, { code: 'CUS', category: 'customs', description: 'Export customs clearance', quantity: '1', unit: 'shipment', unit_price: '120', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Sea freight Izmir - New York', quantity: '2', unit: 'container', unit_price: '1450', currency: 'USD' }, { code: 'ISPS', category: 'handling', description: 'ISPS security charge', quantity: '2', unit: 'container', unit_price: '15', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Air freight IST - LHR', quantity: '180', unit: 'kg', unit_price: '2.9', currency: 'EUR' }, { code: 'INS', category: 'insurance', description: 'Cargo insurance', quantity: '1', unit: 'shipment', unit_price: '60', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Road freight Bursa - Lyon', quantity: '1', unit: 'shipment', unit_price: '2100', currency: 'EUR' }, { code: 'DEL', category: 'delivery', description: 'Final delivery', quantity: '1', unit: 'shipment', unit_price: '140', currency: 'EUR' }],
  [{ code: 'FRT', category: 'freight', description: 'Sea freight Mersin - Genoa', quantity: '1', unit: 'shipment', unit_price: '1300', currency: 'EUR' }, { code: 'STO', category: 'storage', description: 'Storage, 4 days at 25.00 a day', quantity: '1', unit: 'shipment', unit_price: '100', currency: 'EUR' }],
];

/** What happens to each shipment's invoice: [issued days ago or null (draft), paid share, credit note]. */
const PLAN: { issuedDaysAgo: number | null; paid: 'none' | 'half' | 'all'; credit?: boolean }[] = [
  { issuedDaysAgo: null, paid: 'none' },
  { issuedDaysAgo: 5, paid: 'none' },
  { issuedDaysAgo: 20, paid: 'half' },
  { issuedDaysAgo: 70, paid: 'all' },
  { issuedDaysAgo: 55, paid: 'none' },
  { issuedDaysAgo: 40, paid: 'none', credit: true },
];

function demoRates() {
  const rows: { source: 'MANUAL'; rate_date: string; currency: string; rate: string }[] = [];
  for (let ago = 100; ago >= 0; ago--) {
    const day = new Date(Date.now() - ago * DAY);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const n = 100 - ago;
    for (const [currency, r] of Object.entries(DEMO_RATES)) {
      const wiggle = Math.sin(n / 3) * r.drift * 4;
      rows.push({ source: 'MANUAL', rate_date: isoDay(ago), currency, rate: (r.base + r.drift * n + wiggle).toFixed(r.places) });
    }
  }
  return rows;
}

async function nextNumber(tx: Tx, prefix: string, year: number) {
  const r = await tx.execute<{ last: number }>(sql`insert into document_series (series, year, last) values (${prefix}, ${year}, 1)
    on conflict (series, year) do update set last = document_series.last + 1 returning last`);
  return documentNumber(prefix, year, Number(r.rows[0]!.last));
}

type LineIn = { description: string; quantity: string; unit: string; unit_price: string; shipment_id: string | null; charge_line_id?: string; source?: { amount: string; currency: string; rate: string; date: string } };

/** Inserts a document (as a draft, then issued when asked: the trigger freezes lines only once issued). */
async function insertDocument(
  tx: Tx,
  doc: {
    kind: 'invoice' | 'credit_note'; company: { id: string; name: string; address: string | null; vat_number: string | null }; issuedOn: string | null; credited?: string; note?: string;
    rateDate: string; adminId: string | null; adjustments?: StoredAdjustment[];
  },
  lines: LineIn[],
) {
  const rows = lines.map((l, i) => ({ ...l, position: i + 1, net: lineNet(l.quantity, l.unit_price, 'EUR').toFixed(2) }));
  const adjustments = doc.adjustments ?? [];
  const s20 = (amount: string) => ({ amount, vat_category: 'S' as const, vat_rate: '20' });
  const { totals, tax_subtotals } = invoiceTotals(
    {
      lines: rows.map((r) => s20(r.net)),
      allowances: adjustments.filter((a) => a.kind === 'allowance').map((a) => s20(a.amount)),
      charges: adjustments.filter((a) => a.kind === 'charge').map((a) => s20(a.amount)),
    },
    'EUR',
  );
  const [inv] = await tx
    .insert(invoices)
    .values({
      kind: doc.kind, status: 'draft', company_id: doc.company.id, currency: 'EUR', rate_date: doc.rateDate, credited_invoice_id: doc.credited ?? null, note: doc.note ?? null, adjustments,
      lines_total: totals.lines, tax_exclusive: totals.tax_exclusive, tax_total: totals.tax, tax_inclusive: totals.tax_inclusive, payable: totals.payable,
      tax_subtotals: tax_subtotals.map((s) => ({ ...s, exemption_reason: null })), created_by: doc.adminId,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoice_lines).values(
    rows.map((r) => ({
      invoice_id: inv!.id, position: r.position, description: r.description, quantity: r.quantity, unit: r.unit, unit_price: r.unit_price, net: r.net, vat_category: 'S', vat_rate: '20',
      shipment_id: r.shipment_id, charge_line_id: r.charge_line_id ?? null, source_amount: r.source?.amount ?? null, source_currency: r.source?.currency ?? null,
      exchange_rate: r.source?.rate ?? null, exchange_rate_date: r.source?.date ?? null,
    })),
  );
  if (doc.issuedOn) {
    const number = await nextNumber(tx, doc.kind === 'invoice' ? 'INV' : 'CN', Number(doc.issuedOn.slice(0, 4)));
    await tx
      .update(invoices)
      .set({
        status: 'issued', number, issue_date: doc.issuedOn, due_date: dueDateOf(doc.issuedOn, 30), issued_at: new Date(`${doc.issuedOn}T10:00:00Z`), issued_by: doc.adminId,
        seller: { legal_name: SELLER.legal_name, address: SELLER.address, country: SELLER.country, vat_number: SELLER.vat_number, tax_office: SELLER.tax_office, iban: SELLER.iban, bic: SELLER.bic, bank_name: SELLER.bank_name },
        buyer: { name: doc.company.name, address: doc.company.address ?? '', country: 'TR', vat_number: doc.company.vat_number ?? '' },
      })
      .where(eq(invoices.id, inv!.id));
  }
  return { id: inv!.id, payable: totals.payable };
}

export async function seedDemoBilling(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const rates = demoRates();
  const [company] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY));
  if (!company) return false;
  const picked = await db.execute<{ id: string; reference_number: string }>(sql`
    select id, reference_number from shipments where company_id = ${company.id}
    order by (status in ('delivered', 'completed')) desc, delivery_date desc nulls last, id limit ${CHARGES.length}`);
  const admin = await db.execute<{ id: string }>(sql`select id from users where role = 'admin' order by created_at limit 1`);
  const adminId = admin.rows[0]?.id ?? null;
  await db.transaction(async (tx) => {
    await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date().toISOString() } });
    await tx.execute(sql`insert into exchange_rates (source, rate_date, currency, rate)
      select * from json_to_recordset(${JSON.stringify(rates)}::json) as x(source text, rate_date date, currency text, rate numeric)
      on conflict do nothing`);
    await tx.update(billing_settings).set(SELLER).where(eq(billing_settings.id, 1));
    await tx.update(accounting_settings).set(BOOKS).where(eq(accounting_settings.id, 1));
    await tx.update(companies).set({ country: 'TR', vat_number: 'TR4810234567', payment_terms_days: 30 }).where(eq(companies.id, company.id));
    const buyer = { id: company.id, name: company.name, address: company.address, vat_number: 'TR4810234567' };
    const usd = rates.filter((r) => r.currency === 'USD').at(-1)!;
    for (const [i, shipment] of picked.rows.entries()) {
      const charges = await tx
        .insert(charge_lines)
        .values(CHARGES[i]!.map((c, position) => ({
          shipment_id: shipment.id, position: position + 1, side: 'sell' as const, category: c.category, code: c.code, description: c.description, quantity: c.quantity, unit: c.unit,
          unit_price: c.unit_price, amount: lineNet(c.quantity, c.unit_price, c.currency).toFixed(2), currency: c.currency, vat_category: 'S', vat_rate: '20', created_by: adminId,
        })))
        .returning();
      const plan = PLAN[i];
      if (!plan) continue; // the last shipment stays ready to invoice
      const issuedOn = plan.issuedDaysAgo === null ? null : isoDay(plan.issuedDaysAgo);
      const rateDate = issuedOn ?? usd.rate_date;
      const lines: LineIn[] = charges.map((c) => {
        if (c.currency === 'EUR') return { description: c.description!, quantity: dec(c.quantity).toFixed(), unit: c.unit, unit_price: dec(c.unit_price).toFixed(), shipment_id: shipment.id, charge_line_id: c.id };
        const day = rates.filter((r) => r.currency === c.currency && r.rate_date <= rateDate).at(-1) ?? usd;
        const rate = dec(1).div(dec(day.rate)).round(6, 1);
        return {
          description: c.description!, quantity: dec(c.quantity).toFixed(), unit: c.unit, unit_price: dec(c.unit_price).times(rate).round(6, 1).toFixed(), shipment_id: shipment.id, charge_line_id: c.id,
          source: { amount: dec(c.amount).toFixed(2), currency: c.currency, rate: rate.toFixed(), date: day.rate_date },
        };
      });
      // The first invoice also carries a document-level charge (cargo insurance), as Peppol's example invoice does.
      const adjustments: StoredAdjustment[] = i === 0 ? [{ kind: 'charge', reason: 'Cargo insurance', amount: '25.00', vat_category: 'S', vat_rate: '20', exemption_reason: null }] : [];
      const inv = await insertDocument(tx, { kind: 'invoice', company: buyer, issuedOn, rateDate, adminId, adjustments }, lines);
      await tx.update(charge_lines).set({ invoice_id: inv.id }).where(sql`${charge_lines.id} in (${sql.join(charges.map((c) => sql`${c.id}`), sql`, `)})`);
      if (issuedOn && plan.paid !== 'none') {
        const amount = plan.paid === 'all' ? inv.payable : dec(inv.payable).div(2).round(2, 1).toFixed(2);
        await tx.insert(payments).values({
          company_id: company.id, invoice_id: inv.id, received_on: isoDay((plan.issuedDaysAgo ?? 0) - 10), amount, currency: 'EUR', method: 'bank_transfer',
          reference: `${shipment.reference_number} payment`, created_by: adminId,
        });
      }
      if (issuedOn && plan.credit) {
        // The second line was charged by mistake: credited in full.
        const wrong = lines[1]!;
        await insertDocument(tx, { kind: 'credit_note', company: buyer, issuedOn: isoDay((plan.issuedDaysAgo ?? 0) - 3), credited: inv.id, note: 'Charged by mistake', rateDate, adminId }, [wrong]);
      }
    }
  });
  return true;
}
