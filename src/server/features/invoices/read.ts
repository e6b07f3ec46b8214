/**
 * Reading invoices and credit notes (issue 38): the list (paged, filtered, the state derived as of today) and one
 * document with its lines, payments and credit notes. A customer reads only their company's issued documents: the
 * service filters, and row-level security (migration 0033) says the same inside the customer scope.
 */
import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@domain/common/list-schema';
import type { Invoice, invoiceListQuerySchema } from '@domain/billing/schema';
import { invoiceState, openAmount, type InvoiceState } from '@domain/billing/state';
import { minorUnitOf } from '@domain/money/currencies';
import { dec, fixed } from '@domain/money/decimal';
import type { Db } from '@server/db/client';
import { readTogether, withCustomerScope } from '@server/db/customer-scope';
import { companies, invoice_counts, invoice_lines, invoice_totals, invoices, payments, shipments, type StoredAdjustment } from '@server/db/schema';
import { isStaff } from '@domain/access/permissions';
import type { SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { INVOICE_MESSAGES, today } from './drafts';

type ListQuery = z.infer<typeof invoiceListQuerySchema>;
type ListRow = Omit<Invoice, 'lines' | 'payments' | 'credit_notes' | 'seller' | 'buyer'>;

/** The alias of the credit notes in the state filter's subquery. */
const credited = sql.raw('cn');

/** What a customer may see beside the filters: their company's issued documents. */
function scopeOf(user: SessionUser): SQL | undefined {
  if (user.role !== 'customer') return undefined;
  return and(eq(invoices.company_id, user.company_id ?? '00000000-0000-0000-0000-000000000000'), eq(invoices.status, 'issued'));
}

const paidSql = sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.invoice_id = ${invoices.id})`;
const creditedSql = sql<string>`(select coalesce(sum(${credited}.payable), 0) from invoices ${credited} where ${credited}.credited_invoice_id = ${invoices.id} and ${credited}.status = 'issued')`;

/** The state filter in SQL, the same rule as invoiceState (domain/billing/state.ts), for the rows of one state. */
function stateWhere(state: InvoiceState, asOf: string): SQL {
  const open = sql`(${invoices.payable} - ${paidSql} - ${creditedSql})`;
  const issuedInvoice = sql`${invoices.status} = 'issued' and ${invoices.kind} = 'invoice'`;
  const isCredited = sql`(${invoices.payable} > 0 and ${creditedSql} >= ${invoices.payable})`;
  switch (state) {
    case 'draft':
      return sql`${invoices.status} = 'draft'`;
    case 'credited':
      return sql`${issuedInvoice} and ${isCredited}`;
    case 'paid':
      return sql`${issuedInvoice} and not ${isCredited} and ${open} <= 0`;
    case 'overdue':
      return sql`${issuedInvoice} and not ${isCredited} and ${open} > 0 and ${invoices.due_date} < ${asOf}`;
    case 'partly_paid':
      return sql`${issuedInvoice} and not ${isCredited} and ${open} > 0 and ${invoices.due_date} >= ${asOf} and (${paidSql} > 0 or ${creditedSql} > 0)`;
    case 'issued':
      return sql`${invoices.status} = 'issued' and (${invoices.kind} = 'credit_note' or (not ${isCredited} and ${open} > 0 and ${invoices.due_date} >= ${asOf} and ${paidSql} = 0 and ${creditedSql} = 0))`;
  }
}

const LIST_COLUMNS = {
  id: invoices.id, kind: invoices.kind, status: invoices.status, number: invoices.number, company_id: invoices.company_id, company_name: companies.name,
  currency: invoices.currency, rate_date: invoices.rate_date, issue_date: invoices.issue_date, due_date: invoices.due_date,
  credited_invoice_id: invoices.credited_invoice_id, buyer_reference: invoices.buyer_reference, note: invoices.note,
  lines_total: invoices.lines_total, tax_exclusive: invoices.tax_exclusive, tax_total: invoices.tax_total, tax_inclusive: invoices.tax_inclusive,
  payable: invoices.payable, tax_subtotals: invoices.tax_subtotals, adjustments: invoices.adjustments, created_at: invoices.created_at, issued_at: invoices.issued_at,
};
type Row = { [K in keyof typeof LIST_COLUMNS]: (typeof LIST_COLUMNS)[K]['_']['data'] } & { company_name: string };

/** The sum of a document's allowances or of its charges. */
const sumOf = (adjustments: readonly StoredAdjustment[], kind: StoredAdjustment['kind']) =>
  adjustments.filter((a) => a.kind === kind).reduce((t, a) => t.plus(dec(a.amount)), dec('0')).toFixed();

function toInvoice(r: Row, paid: string, creditedTotal: string, asOf: string): ListRow {
  const places = minorUnitOf(r.currency);
  const m = (x: string) => fixed(dec(x), places);
  const state = { kind: r.kind, status: r.status, payable: r.payable, paid, credited: creditedTotal, due_date: r.due_date };
  return {
    id: r.id, kind: state.kind, status: state.status, state: invoiceState(state, asOf), number: r.number, company_id: r.company_id, company_name: r.company_name,
    currency: r.currency, rate_date: r.rate_date, issue_date: r.issue_date, due_date: r.due_date, credited_invoice_id: r.credited_invoice_id,
    buyer_reference: r.buyer_reference, note: r.note,
    totals: {
      lines: m(r.lines_total), allowance_total: m(sumOf(r.adjustments, 'allowance')), charge_total: m(sumOf(r.adjustments, 'charge')), tax_exclusive: m(r.tax_exclusive),
      tax: m(r.tax_total), tax_inclusive: m(r.tax_inclusive), payable: m(r.payable),
    },
    tax_subtotals: r.tax_subtotals,
    adjustments: r.adjustments.map((a) => ({ ...a, amount: m(a.amount), vat_rate: fixed(dec(a.vat_rate), 2) })),
    paid: m(paid),
    credited: m(creditedTotal),
    open: state.kind === 'invoice' && state.status === 'issued' ? m(openAmount(state)) : m('0'),
    created_at: r.created_at.toISOString(),
    issued_at: r.issued_at?.toISOString() ?? null,
  };
}

const SORTS = { issue_date: invoices.issue_date, due_date: invoices.due_date, number: invoices.number, payable: invoices.payable } as const;

/**
 * The list's exact total. Staff filtering by kind and status only (the list as it opens) sum invoice_totals (four
 * rows, migration 0042); by company too, invoice_counts (0040). A state, a period or a search counts the invoices.
 */
async function countInvoices(d: Db, user: SessionUser, q: ListQuery, where: SQL | undefined): Promise<number> {
  if (isStaff(user.role) && !q.q && !q.state && !q.from && !q.to && !q.company_id) {
    const filter = and(q.kind ? eq(invoice_totals.kind, q.kind) : undefined, q.status ? eq(invoice_totals.status, q.status) : undefined);
    const [row] = await d.select({ n: sql<number>`coalesce(sum(${invoice_totals.n}), 0)::int` }).from(invoice_totals).where(filter);
    return Number(row?.n ?? 0);
  }
  if (isStaff(user.role) && !q.q && !q.state && !q.from && !q.to) {
    const filter = and(
      q.company_id ? eq(invoice_counts.company_id, q.company_id) : undefined,
      q.kind ? eq(invoice_counts.kind, q.kind) : undefined,
      q.status ? eq(invoice_counts.status, q.status) : undefined,
    );
    const [row] = await d.select({ n: sql<number>`coalesce(sum(${invoice_counts.n}), 0)::int` }).from(invoice_counts).where(filter);
    return Number(row?.n ?? 0);
  }
  const [row] = await d.select({ n: count() }).from(invoices).innerJoin(companies, eq(companies.id, invoices.company_id)).where(where);
  return Number(row?.n ?? 0);
}

export async function listInvoices(db: Db, user: SessionUser, q: ListQuery): Promise<Page<ListRow>> {
  const asOf = today();
  const where = and(
    scopeOf(user),
    q.company_id ? eq(invoices.company_id, q.company_id) : undefined,
    q.kind ? eq(invoices.kind, q.kind) : undefined,
    q.status ? eq(invoices.status, q.status) : undefined,
    q.state ? stateWhere(q.state, asOf) : undefined,
    q.from ? gte(invoices.issue_date, q.from) : undefined,
    q.to ? lte(invoices.issue_date, q.to) : undefined,
    q.q ? or(contains(invoices.number, q.q), contains(companies.name, q.q), contains(invoices.buyer_reference, q.q)) : undefined,
  );
  const dir = q.dir ?? (q.sort === 'number' ? 'asc' : 'desc');
  const column = SORTS[q.sort];
  // issue_date desc nulls first, id desc: the order of invoices_list_idx and invoices_company_idx (drafts first).
  const order = dir === 'desc' ? [sql`${column} desc nulls first`, desc(invoices.id)] : [sql`${column} asc nulls last`, asc(invoices.id)];
  return withCustomerScope(db, user, async (scoped) => {
    // The page's rows with each one's payments and issued credit notes summed beside it (two index lookups a row).
    const [rows, totals] = await readTogether(scoped, [
      () =>
        scoped
          .select({ ...LIST_COLUMNS, paid: sql<string>`${paidSql}::text`, credited: sql<string>`${creditedSql}::text` })
          .from(invoices)
          .innerJoin(companies, eq(companies.id, invoices.company_id))
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset(offsetOf(q.page, q.pageSize)),
      () => countInvoices(scoped, user, q, where),
    ] as const);
    return toPage(
      rows.map((r) => toInvoice(r as Row, r.paid, r.credited, asOf)),
      totals,
      q.page,
      q.pageSize,
    );
  });
}

/** One invoice or credit note with its lines (and shipment references), payments and credit notes. */
export async function getInvoice(db: Db, user: SessionUser, id: string): Promise<Invoice> {
  const asOf = today();
  return withCustomerScope(db, user, async (scoped) => {
    const [r] = await scoped
      .select({ ...LIST_COLUMNS, seller: invoices.seller, buyer: invoices.buyer })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.company_id))
      .where(and(eq(invoices.id, id), scopeOf(user)));
    if (!r) throw notFound(INVOICE_MESSAGES.notFound);
    const lines = await scoped
      .select({
        position: invoice_lines.position, description: invoice_lines.description, quantity: invoice_lines.quantity, unit: invoice_lines.unit,
        unit_price: invoice_lines.unit_price, net: invoice_lines.net, vat_category: invoice_lines.vat_category, vat_rate: invoice_lines.vat_rate,
        exemption_reason: invoice_lines.exemption_reason, shipment_id: invoice_lines.shipment_id, shipment_reference: shipments.reference_number,
        source_amount: invoice_lines.source_amount, source_currency: invoice_lines.source_currency, exchange_rate: invoice_lines.exchange_rate,
        exchange_rate_date: invoice_lines.exchange_rate_date,
      })
      .from(invoice_lines)
      .leftJoin(shipments, eq(shipments.id, invoice_lines.shipment_id))
      .where(eq(invoice_lines.invoice_id, id))
      .orderBy(asc(invoice_lines.position));
    const paid = await scoped.select().from(payments).where(eq(payments.invoice_id, id)).orderBy(asc(payments.received_on), asc(payments.created_at));
    const notes = await scoped
      .select({ id: invoices.id, number: invoices.number, status: invoices.status, payable: invoices.payable, issue_date: invoices.issue_date })
      .from(invoices)
      .where(and(eq(invoices.credited_invoice_id, id), user.role === 'customer' ? eq(invoices.status, 'issued') : undefined))
      .orderBy(asc(invoices.created_at));
    const [original] = r.credited_invoice_id ? await scoped.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, r.credited_invoice_id)) : [];
    const places = minorUnitOf(r.currency);
    const m = (x: string) => fixed(dec(x), places);
    const paidTotal = paid.reduce((s, p) => s.plus(dec(p.amount)), dec('0')).toFixed();
    const creditedTotal = notes.filter((n) => n.status === 'issued').reduce((s, n) => s.plus(dec(n.payable)), dec('0')).toFixed();
    const plain = (x: string | null) => (x === null ? null : dec(x).toFixed());
    return {
      ...toInvoice(r as Row, paidTotal, creditedTotal, asOf),
      credited_invoice_number: original?.number ?? null,
      lines: lines.map((l) => ({
        ...l, quantity: plain(l.quantity)!, unit_price: plain(l.unit_price)!, net: m(l.net), vat_rate: fixed(dec(l.vat_rate), 2),
        source_amount: l.source_amount === null || l.source_currency === null ? null : fixed(dec(l.source_amount), minorUnitOf(l.source_currency)),
        exchange_rate: plain(l.exchange_rate),
      })),
      payments: paid.map((p) => ({
        id: p.id, company_id: p.company_id, invoice_id: p.invoice_id, invoice_number: r.number, received_on: p.received_on, amount: fixed(dec(p.amount), minorUnitOf(p.currency)),
        currency: p.currency, method: p.method, reference: p.reference, note: p.note, created_at: p.created_at.toISOString(),
      })),
      credit_notes: notes.map((n) => ({ id: n.id, number: n.number, status: n.status, payable: m(n.payable), issue_date: n.issue_date })),
      seller: r.seller,
      buyer: r.buyer,
    };
  });
}
