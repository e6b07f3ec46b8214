/**
 * Issuing (decision record 0258): the next number of the document's series and year, taken from document_series in
 * the issuing transaction (the upsert holds the row's lock until commit, so numbers are gapless and never reused; a
 * rolled-back issue gives its number back), the issue and due days, and the seller's and buyer's details copied onto
 * the row. From then on the row and its lines never change (migration 0033's trigger).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { creditLines } from '@domain/billing/credit';
import { dueDateOf } from '@domain/money/ageing';
import { documentNumber, SERIES } from '@domain/money/numbering';
import type { Tx, Db } from '@server/db/client';
import { companies, invoice_lines, invoices } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import { getBillingSettings } from '@server/features/billing-settings';
import type { Actor } from '@server/http/context';
import { conflict } from '@server/http/errors';
import { lockDraft, today } from './drafts';

/** The next number of a series and year, under the series row's lock until the transaction ends. */
async function nextNumber(tx: Tx, prefix: string, year: number): Promise<string> {
  const r = await tx.execute<{ last: number }>(sql`
    insert into document_series (series, year, last) values (${prefix}, ${year}, 1)
    on conflict (series, year) do update set last = document_series.last + 1
    returning last`);
  return documentNumber(prefix, year, Number(r.rows[0]!.last));
}

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
      const check = creditLines(originalLines, credited, inv.currency, mine.map((l) => ({ position: l.position, quantity: l.quantity })));
      if ('problem' in check) throw conflict(`${check.problem}: other credit notes were issued since this one was drafted`);
    }
    const settings = await getBillingSettings(tx);
    const [company] = await tx.select().from(companies).where(eq(companies.id, inv.company_id));
    const issuedOn = issueDate ?? today();
    const number = await nextNumber(tx, SERIES[inv.kind], Number(issuedOn.slice(0, 4)));
    const seller = {
      legal_name: settings.legal_name, address: settings.address, country: settings.country, vat_number: settings.vat_number,
      tax_office: settings.tax_office, iban: settings.iban, bic: settings.bic, bank_name: settings.bank_name,
    };
    const buyer = {
      name: company!.name, address: company!.address ?? '', country: company!.country ?? '', vat_number: company!.vat_number ?? '',
    };
    await tx
      .update(invoices)
      .set({
        status: 'issued', number, issue_date: issuedOn, due_date: dueDateOf(issuedOn, company!.payment_terms_days ?? settings.payment_terms_days),
        seller, buyer, issued_at: sql`now()`, issued_by: actor.user.id, updated_at: sql`now()`,
      })
      .where(eq(invoices.id, id));
    await recordAudit(tx, {
      action: inv.kind === 'credit_note' ? 'money.credit_note_issued' : 'money.invoice_issued',
      actor: actor.user,
      target: number,
      details: { id, company_id: inv.company_id, currency: inv.currency, payable: inv.payable, ...(inv.credited_invoice_id ? { credited_invoice_id: inv.credited_invoice_id } : {}) },
      ip: actor.ip,
    });
  });
}
