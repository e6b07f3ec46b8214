/**
 * Issuing (decision record 0258): the next number of the document's series and year, taken from document_series in
 * the issuing transaction (the upsert holds the row's lock until commit, so numbers are gapless and never reused; a
 * rolled-back issue gives its number back), the issue and due days, and the seller's and buyer's details copied onto
 * the row. From then on the row and its lines never change (migration 0033's trigger).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { creditLines, CREDIT_MESSAGES_AT_ISSUE } from '@domain/billing/credit';
import { dueDateOf } from '@domain/money/ageing';
import { documentNumber, SERIES } from '@domain/money/numbering';
import type { Tx, Db } from '@server/db/client';
import { companies, invoice_lines, invoices } from '@server/db/schema';
import type { AuditAction } from '@domain/audit/schema';
import { getBillingSettings } from '@server/features/billing-settings';
import { announceWebhook } from '@server/features/webhooks/index';
import type { Actor } from '@server/http/context';
import { conflict } from '@server/http/errors';
import { lockDraft, today } from './drafts';

/** Quantities already credited per line of an invoice by its credit notes (issued, and drafts unless `issuedOnly`). */
export async function creditedQuantities(tx: Tx | Db, invoiceId: string, o: { issuedOnly?: boolean; except?: string } = {}): Promise<Map<number, string>> {
  const notes = and(
    eq(invoices.credited_invoice_id, invoiceId),
    o.issuedOnly ? eq(invoices.status, 'issued') : undefined,
    o.except ? ne(invoices.id, o.except) : undefined,
  );
  const rows = await tx
    .select({ position: invoice_lines.position, quantity: sql<string>`sum(${invoice_lines.quantity})::text` })
    .from(invoice_lines)
    .where(inArray(invoice_lines.invoice_id, tx.select({ id: invoices.id }).from(invoices).where(notes)))
    .groupBy(invoice_lines.position);
  return new Map(rows.map((r) => [r.position, r.quantity]));
}

export async function issueInvoice(db: Db, id: string, issueDate: string | undefined, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const inv = await lockDraft(tx, id, actor);
    if (inv.kind === 'credit_note') {
      // Another credit note may have been issued since this one was drafted: it may still take only what is left.
      const [original] = await tx.select().from(invoices).where(eq(invoices.id, inv.credited_invoice_id!)).for('update');
      const originalLines = await tx.select().from(invoice_lines).where(eq(invoice_lines.invoice_id, original!.id));
      const mine = await tx.select().from(invoice_lines).where(eq(invoice_lines.invoice_id, id));
      const credited = await creditedQuantities(tx, original!.id, { issuedOnly: true, except: id });
      const check = creditLines(originalLines, credited, inv.currency, mine.map((l) => ({ position: l.position, quantity: l.quantity })), CREDIT_MESSAGES_AT_ISSUE);
      if ('problem' in check) throw conflict(check.problem);
    }
    const settings = await getBillingSettings(tx);
    const [company] = await tx.select().from(companies).where(eq(companies.id, inv.company_id));
    const issuedOn = issueDate ?? today();
    const prefix = SERIES[inv.kind];
    const year = Number(issuedOn.slice(0, 4));
    const seller = {
      legal_name: settings.legal_name, address: settings.address, country: settings.country, vat_number: settings.vat_number,
      tax_office: settings.tax_office, iban: settings.iban, bic: settings.bic, bank_name: settings.bank_name,
    };
    const buyer = { name: company!.name, address: company!.address ?? '', country: company!.country ?? '', vat_number: company!.vat_number ?? '' };
    const dueOn = dueDateOf(issuedOn, company!.payment_terms_days ?? settings.payment_terms_days);
    const action: AuditAction = inv.kind === 'credit_note' ? 'money.credit_note_issued' : 'money.invoice_issued';
    const details = { id, company_id: inv.company_id, currency: inv.currency, payable: inv.payable, ...(inv.credited_invoice_id ? { credited_invoice_id: inv.credited_invoice_id } : {}) };
    // One statement takes the next number (the series row stays locked until commit), issues the document with it and
    // writes the audit row (recordAudit's columns): the lock is held for one round trip and the commit, so 100 issues
    // at once queue briefly. documentNumber's format, in SQL; the result is checked against it below.
    const r = await tx.execute<{ last: number; number: string }>(sql`
      with n as (
        insert into document_series (series, year, last) values (${prefix}, ${year}, 1)
        on conflict (series, year) do update set last = document_series.last + 1
        returning last
      ), issued as (
        update invoices set status = 'issued', number = ${prefix} || '-' || ${String(year)} || '-' || lpad(n.last::text, 6, '0'),
          issue_date = ${issuedOn}, due_date = ${dueOn}, seller = ${JSON.stringify(seller)}::jsonb, buyer = ${JSON.stringify(buyer)}::jsonb,
          issued_at = now(), issued_by = ${actor.user.id}, updated_at = now()
        from n where invoices.id = ${id}
        returning invoices.number
      ), audited as (
        insert into audit_log (actor_id, actor_email, action, target, details, ip_address)
        select ${actor.user.id}, ${actor.user.email}, ${action}, issued.number, ${JSON.stringify(details)}::jsonb, ${actor.ip ?? null} from issued
      )
      select n.last, issued.number from n, issued`);
    const row = r.rows[0]!;
    if (row.number !== documentNumber(prefix, year, Number(row.last))) throw new Error(`Document number ${row.number} is not ${prefix}'s format`);
    await announceWebhook(tx, { event: 'invoice_issued', key: `invoice-issued:${id}`, invoiceId: id });
  });
}
