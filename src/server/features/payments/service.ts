/**
 * Payments (issue 38, decision record 0258): money received from a customer company, applied to one of its issued
 * invoices or, with none, a credit on its account. More than an invoice's open amount is allowed: the rest is a
 * credit on the account (the statement's balance shows it). Recorded by administrators, audited.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@domain/common/list-schema';
import type { Payment, PaymentInput } from '@domain/billing/schema';
import type { PaymentListQuery } from '@domain/billing/payments-schema';
import { openAmount } from '@domain/billing/state';
import { isCustomer } from '@domain/access/permissions';
import { dec } from '@domain/money/decimal';
import { moneyString } from '@domain/money/currencies';
import { ENGLISH, msg } from '@domain/common/i18n';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { companies, invoices, payments } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Actor, SessionUser } from '@server/http/context';
import { invalid } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';
import { customerCompanyId } from '@server/policy';

export const PAYMENT_MESSAGES = {
  company: msg('No such company: choose the company that paid'),
  invoice: msg("No such invoice of this company: choose one of the company's issued invoices, or none for a credit on the account"),
  creditNote: msg('A payment is applied to an invoice, not to a credit note'),
  draft: msg('This invoice is a draft: a payment is applied to an issued invoice'),
  currency: (c: string) => ENGLISH.t(msg('The invoice is in {currency}: record the payment in {currency}, or without an invoice as a credit on the account'), { currency: c }),
} as const;

const refused = (field: string, message: string) => invalid(message, { [field]: message });

export type PaymentView = Payment & { company_name: string };
type PaymentRow = Omit<PaymentView, 'created_at'> & { created_at: Date | string };
const toPayment = (r: PaymentRow): PaymentView => ({ ...r, amount: moneyString(r.amount, r.currency), created_at: new Date(r.created_at).toISOString() });

const SELECT_PAYMENT = sql`
  SELECT p.id, p.company_id, c.name AS company_name, p.invoice_id, i.number AS invoice_number,
    p.received_on::text AS received_on, p.amount::text AS amount, p.currency, p.method, p.reference, p.note, p.created_at
  FROM payments p JOIN companies c ON c.id = p.company_id LEFT JOIN invoices i ON i.id = p.invoice_id`;

/** Records a payment; the invoice, when given, must be the company's issued invoice in the payment's currency. */
export async function recordPayment(db: Db, input: PaymentInput, actor: Actor): Promise<PaymentView> {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, input.company_id));
    if (!company) throw refused('company_id', PAYMENT_MESSAGES.company);
    let invoiceNumber: string | null = null;
    let credit = input.amount;
    if (input.invoice_id) {
      const [inv] = await tx
        .select({ kind: invoices.kind, status: invoices.status, number: invoices.number, currency: invoices.currency, payable: invoices.payable })
        .from(invoices)
        .where(and(eq(invoices.id, input.invoice_id), eq(invoices.company_id, input.company_id)));
      if (!inv) throw refused('invoice_id', PAYMENT_MESSAGES.invoice);
      if (inv.kind === 'credit_note') throw refused('invoice_id', PAYMENT_MESSAGES.creditNote);
      if (inv.status !== 'issued') throw refused('invoice_id', PAYMENT_MESSAGES.draft);
      if (inv.currency !== input.currency) throw refused('currency', PAYMENT_MESSAGES.currency(inv.currency));
      invoiceNumber = inv.number;
      const settled = await tx.execute<{ paid: string; credited: string }>(sql`
        SELECT (SELECT coalesce(sum(amount), 0)::text FROM payments WHERE invoice_id = ${input.invoice_id}) AS paid,
          (SELECT coalesce(sum(payable), 0)::text FROM invoices WHERE credited_invoice_id = ${input.invoice_id} AND kind = 'credit_note' AND status = 'issued') AS credited`);
      const open = openAmount({ payable: String(inv.payable), paid: settled.rows[0]!.paid, credited: settled.rows[0]!.credited });
      const excess = dec(input.amount).minus(dec(open));
      credit = excess.gt(0) ? excess.toFixed() : '0';
    }
    const [row] = await tx
      .insert(payments)
      .values({
        company_id: input.company_id, invoice_id: input.invoice_id ?? null, received_on: input.received_on, amount: input.amount, currency: input.currency,
        method: input.method, reference: input.reference, note: input.note, created_by: actor.user.id,
      })
      .returning({ id: payments.id });
    await recordAudit(tx, {
      action: 'money.payment_recorded',
      actor: actor.user,
      target: `${moneyString(input.amount, input.currency)} ${input.currency} from ${company.name}${invoiceNumber ? ` for ${invoiceNumber}` : ''}`,
      details: {
        payment_id: row!.id, company_id: input.company_id, invoice_id: input.invoice_id ?? null, invoice_number: invoiceNumber, received_on: input.received_on,
        amount: input.amount, currency: input.currency, method: input.method, reference: input.reference, account_credit: moneyString(credit, input.currency),
      },
      ip: actor.ip,
    });
    const out = await tx.execute<PaymentRow>(sql`${SELECT_PAYMENT} WHERE p.id = ${row!.id}`);
    return toPayment(out.rows[0]!);
  });
}

/** Payments, newest received first; a customer reads their company's only (its scope and row-level security). */
export async function listPayments(db: Db, user: SessionUser, q: PaymentListQuery): Promise<Page<PaymentView>> {
  const where: SQL[] = [sql`true`];
  if (isCustomer(user.role)) where.push(sql`p.company_id = ${customerCompanyId(user)}`);
  if (q.company_id) where.push(sql`p.company_id = ${q.company_id}`);
  if (q.invoice_id) where.push(sql`p.invoice_id = ${q.invoice_id}`);
  if (q.from) where.push(sql`p.received_on >= ${q.from}::date`);
  if (q.to) where.push(sql`p.received_on <= ${q.to}::date`);
  const filter = sql.join(where, sql` AND `);
  const dir = q.dir === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  return withCustomerScope(db, user, async (scoped) => {
    const rows = await scoped.execute<PaymentRow>(sql`${SELECT_PAYMENT} WHERE ${filter}
      ORDER BY p.received_on ${dir}, p.created_at ${dir}, p.id ${dir} LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`);
    const total = await scoped.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payments p WHERE ${filter}`);
    return toPage(rows.rows.map(toPayment), Number(total.rows[0]!.n), q.page, q.pageSize);
  });
}
