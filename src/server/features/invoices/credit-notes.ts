/**
 * Credit notes (issue 38): a draft that refers to one issued invoice, for all that is left of it or for given lines'
 * quantities (never more than invoiced minus what its other credit notes, drafts included, already take), with the
 * reason as its note. It is issued like an invoice, in the CN series.
 */
import { msg } from '@domain/common/i18n';
import { asc, eq } from 'drizzle-orm';
import { creditLines } from '@domain/billing/credit';
import type { z } from 'zod';
import type { creditNoteInputSchema } from '@domain/billing/schema';
import type { Db } from '@server/db/client';
import { invoice_lines, invoices } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import type { Actor } from '@server/http/context';
import { conflict, invalid, notFound } from '@server/http/errors';
import { INVOICE_MESSAGES } from './drafts';
import { creditedQuantities } from './issue';
import { totalsOf } from './lines';

export async function createCreditNote(db: Db, invoiceId: string, input: z.infer<typeof creditNoteInputSchema>, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!inv) throw notFound(INVOICE_MESSAGES.notFound);
    if (inv.kind !== 'invoice') throw conflict(msg('A credit note corrects an invoice, not another credit note'));
    if (inv.status !== 'issued') throw conflict(msg('Only an issued invoice is credited; change or delete a draft instead'));
    const lines = await tx.select().from(invoice_lines).where(eq(invoice_lines.invoice_id, invoiceId)).orderBy(asc(invoice_lines.position));
    const result = creditLines(lines, await creditedQuantities(tx, invoiceId), inv.currency, input.lines);
    if ('problem' in result) {
      if (result.index === undefined) throw conflict(result.problem);
      throw invalid(result.problem, { [`lines.${result.index}.quantity`]: result.problem });
    }
    const byPosition = new Map(lines.map((l) => [l.position, l]));
    const rows = result.lines.map((c) => {
      const l = byPosition.get(c.position)!;
      return {
        position: c.position, description: l.description, quantity: c.quantity, unit: l.unit, unit_price: c.unit_price, net: c.net,
        vat_category: l.vat_category, vat_rate: l.vat_rate, exemption_reason: l.exemption_reason, shipment_id: l.shipment_id,
        source_currency: l.source_currency, exchange_rate: l.exchange_rate, exchange_rate_date: l.exchange_rate_date,
      };
    });
    // The invoice's own allowances and charges go with a credit note for all that is left, unless another took them.
    const others = await tx.select({ adjustments: invoices.adjustments }).from(invoices).where(eq(invoices.credited_invoice_id, invoiceId));
    const adjustments = !input.lines && others.every((o) => o.adjustments.length === 0) ? inv.adjustments : [];
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note', status: 'draft', company_id: inv.company_id, currency: inv.currency, rate_date: inv.rate_date, credited_invoice_id: inv.id,
        buyer_reference: inv.buyer_reference, note: input.reason, adjustments, ...totalsOf(rows, inv.currency, adjustments), created_by: actor.user.id,
      })
      .returning({ id: invoices.id });
    await tx.insert(invoice_lines).values(rows.map((r) => ({ ...r, invoice_id: row!.id })));
    await recordAudit(tx, {
      action: 'money.credit_note_drafted', actor: actor.user, target: row!.id,
      details: { invoice: inv.number, lines: rows.length, full: !input.lines, reason: input.reason }, ip: actor.ip,
    });
    return row!.id;
  });
}
