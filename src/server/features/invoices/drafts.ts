/**
 * Invoice drafts (issue 38, decision records 0258 and 0261): made for a company in one currency from typed lines and
 * the unbilled sell lines of its shipments, changed and deleted freely until issued. Each billed charge line points at
 * the draft (billed once); deleting the draft gives them back.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { can } from '@domain/access/permissions';
import { ENGLISH, msg } from '@domain/common/i18n';
import type { InvoiceDraftInput } from '@domain/billing/schema';
import type { z } from 'zod';
import type { invoiceDraftPatchSchema } from '@domain/billing/schema';
import type { Db, Tx } from '@server/db/client';
import { charge_lines, companies, invoice_lines, invoices, shipments } from '@server/db/schema';
import { recordAudit } from '@server/audit/audit-log';
import { getBillingSettings } from '@server/features/billing-settings';
import { storedRateLookup } from '@server/features/exchange-rates';
import type { Actor } from '@server/http/context';
import { conflict, forbidden, invalid, notFound } from '@server/http/errors';
import { chargeLine, storedAdjustments, totalsOf, typedLine, type BillableCharge, type LineRow } from './lines';

export const INVOICE_MESSAGES = {
  notFound: msg('Invoice not found'),
  frozen: msg('An issued invoice or credit note never changes: correct it with a credit note.'),
  companyMissing: msg('Company not found'),
  shipmentMissing: (id: string) => ENGLISH.t(msg('Shipment {id} not found'), { id }),
  otherCompany: (ref: string) => ENGLISH.t(msg('Shipment {reference} belongs to another company'), { reference: ref }),
  notYours: (ref: string) => ENGLISH.t(msg('You can bill only the shipments you handle; {reference} is handled by someone else'), { reference: ref }),
  nothingToBill: msg('The shipments have no unbilled charges and no lines were given: nothing to invoice'),
  notYourDraft: msg('You can change only the drafts you made'),
  currencyWithoutLines: msg('Give the typed lines again in the new currency (their prices were in the old one)'),
  currencyWithoutAdjustments: msg('Give the allowances and charges again in the new currency (their amounts were in the old one)'),
} as const;

export const today = () => new Date().toISOString().slice(0, 10);
type Patch = z.infer<typeof invoiceDraftPatchSchema>;

/** The shipments to bill, checked: they exist, belong to the company, and a handler handles them. */
async function checkShipments(tx: Tx, ids: readonly string[], companyId: string, actor: Actor, field: string) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: shipments.id, company_id: shipments.company_id, handler_id: shipments.handler_id, reference: shipments.reference_number })
    .from(shipments)
    .where(inArray(shipments.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const s = byId.get(id);
    if (!s) throw invalid(INVOICE_MESSAGES.shipmentMissing(id), { [field]: INVOICE_MESSAGES.shipmentMissing(id) });
    if (s.company_id !== companyId) throw invalid(INVOICE_MESSAGES.otherCompany(s.reference), { [field]: INVOICE_MESSAGES.otherCompany(s.reference) });
    if (!can(actor.user.role, 'shipments:any_handler') && s.handler_id !== actor.user.id) throw forbidden(INVOICE_MESSAGES.notYours(s.reference));
  }
  return new Map(rows.map((r) => [r.id, r.reference]));
}

/** The unbilled sell lines of the shipments with a non-zero amount, locked so two drafts cannot bill one line. */
async function unbilledCharges(tx: Tx, shipmentIds: readonly string[]): Promise<BillableCharge[]> {
  if (shipmentIds.length === 0) return [];
  const rows = await tx
    .select({
      id: charge_lines.id, shipment_id: charge_lines.shipment_id, category: charge_lines.category, code: charge_lines.code,
      description: charge_lines.description, quantity: charge_lines.quantity, unit: charge_lines.unit, unit_price: charge_lines.unit_price,
      amount: charge_lines.amount, currency: charge_lines.currency, vat_category: charge_lines.vat_category, vat_rate: charge_lines.vat_rate,
      exemption_reason: charge_lines.exemption_reason,
    })
    .from(charge_lines)
    .where(and(inArray(charge_lines.shipment_id, [...shipmentIds]), eq(charge_lines.side, 'sell'), isNull(charge_lines.invoice_id), ne(charge_lines.amount, '0')))
    .orderBy(asc(charge_lines.shipment_id), asc(charge_lines.position), asc(charge_lines.created_at))
    .for('update');
  const order = new Map(shipmentIds.map((id, i) => [id, i]));
  return rows
    .map((r) => ({ ...r, shipment_id: r.shipment_id! }))
    .sort((a, b) => (order.get(a.shipment_id) ?? 0) - (order.get(b.shipment_id) ?? 0));
}

/** Builds the lines: the charges first (shipment by shipment), then the typed lines. */
async function buildLines(tx: Tx, charges: readonly BillableCharge[], typed: InvoiceDraftInput['lines'], currency: string, rateDate: string): Promise<LineRow[]> {
  const settings = await getBillingSettings(tx);
  const lookup = await storedRateLookup(tx, [currency, ...charges.map((c) => c.currency)], rateDate);
  const rows = charges.map((c, i) => chargeLine(c, currency, rateDate, lookup, settings, i + 1));
  return [...rows, ...typed.map((l, i) => typedLine(l, currency, charges.length + i + 1))];
}

export async function createDraft(db: Db, input: InvoiceDraftInput, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
    if (!company) throw invalid(INVOICE_MESSAGES.companyMissing, { company_id: INVOICE_MESSAGES.companyMissing });
    const typedShipments = input.lines.map((l) => l.shipment_id).filter((s): s is string => !!s);
    await checkShipments(tx, input.shipment_ids, input.company_id, actor, 'shipment_ids');
    await checkShipments(tx, typedShipments, input.company_id, actor, 'lines');
    const rateDate = input.rate_date ?? today();
    const charges = await unbilledCharges(tx, input.shipment_ids);
    const lines = await buildLines(tx, charges, input.lines, input.currency, rateDate);
    if (lines.length === 0) throw invalid(INVOICE_MESSAGES.nothingToBill, { shipment_ids: INVOICE_MESSAGES.nothingToBill });
    const adjustments = storedAdjustments(input.adjustments, input.currency);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice', status: 'draft', company_id: input.company_id, currency: input.currency, rate_date: rateDate, adjustments,
        buyer_reference: input.buyer_reference, note: input.note, ...totalsOf(lines, input.currency, adjustments), created_by: actor.user.id,
      })
      .returning({ id: invoices.id });
    const id = row!.id;
    await tx.insert(invoice_lines).values(lines.map((l) => ({ ...l, invoice_id: id })));
    if (charges.length) await tx.update(charge_lines).set({ invoice_id: id, updated_at: sql`now()` }).where(inArray(charge_lines.id, charges.map((c) => c.id)));
    await recordAudit(tx, {
      action: 'money.invoice_drafted', actor: actor.user, target: id,
      details: { company_id: input.company_id, currency: input.currency, lines: lines.length, shipments: input.shipment_ids.length },
      ip: actor.ip,
    });
    return id;
  });
}

/** The draft, locked for a change: 404 if missing, 409 once issued, 403 for a handler's change to another's draft. */
export async function lockDraft(tx: Tx, id: string, actor: Actor) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!inv) throw notFound(INVOICE_MESSAGES.notFound);
  if (inv.status !== 'draft') throw conflict(INVOICE_MESSAGES.frozen);
  if (!can(actor.user.role, 'invoices:issue') && inv.created_by !== actor.user.id) throw forbidden(INVOICE_MESSAGES.notYourDraft);
  return inv;
}

/**
 * Changes a draft's header and lines and recomputes its totals. Given `lines` replace all of them, and the charge
 * lines the draft billed become unbilled again; a new currency or rate day converts the billed charge lines again.
 */
export async function patchDraft(db: Db, id: string, patch: Patch, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const inv = await lockDraft(tx, id, actor);
    if (inv.kind === 'credit_note' && (patch.lines || patch.currency || patch.adjustments)) throw conflict(msg('A credit note draft keeps its lines and currency; delete it and credit again'));
    if (patch.currency && patch.currency !== inv.currency && inv.adjustments.length > 0 && !patch.adjustments) {
      throw invalid(INVOICE_MESSAGES.currencyWithoutAdjustments, { adjustments: INVOICE_MESSAGES.currencyWithoutAdjustments });
    }
    const currency = patch.currency ?? inv.currency;
    const rateDate = patch.rate_date ?? inv.rate_date ?? today();
    const old = await tx.select().from(invoice_lines).where(eq(invoice_lines.invoice_id, id)).orderBy(asc(invoice_lines.position));
    let lines: LineRow[] | null = null;
    if (patch.lines) {
      await checkShipments(tx, patch.lines.map((l) => l.shipment_id).filter((s): s is string => !!s), inv.company_id, actor, 'lines');
      await tx.update(charge_lines).set({ invoice_id: null, updated_at: sql`now()` }).where(eq(charge_lines.invoice_id, id));
      lines = await buildLines(tx, [], patch.lines, currency, rateDate);
    } else if (currency !== inv.currency || rateDate !== inv.rate_date) {
      if (currency !== inv.currency && old.some((l) => !l.charge_line_id)) throw invalid(INVOICE_MESSAGES.currencyWithoutLines, { lines: INVOICE_MESSAGES.currencyWithoutLines });
      const charges = await tx.select().from(charge_lines).where(eq(charge_lines.invoice_id, id));
      const byId = new Map(charges.map((c) => [c.id, c]));
      const settings = await getBillingSettings(tx);
      const lookup = await storedRateLookup(tx, [currency, ...charges.map((c) => c.currency)], rateDate);
      lines = old.map((l) => {
        const c = l.charge_line_id ? byId.get(l.charge_line_id) : undefined;
        return c ? chargeLine({ ...c, shipment_id: c.shipment_id! }, currency, rateDate, lookup, settings, l.position) : { ...l };
      });
    }
    const kept = lines ?? old;
    const adjustments = patch.adjustments ? storedAdjustments(patch.adjustments, currency) : inv.adjustments;
    await tx
      .update(invoices)
      .set({
        currency, rate_date: rateDate, updated_at: sql`now()`, adjustments, ...totalsOf(kept, currency, adjustments),
        ...(patch.buyer_reference !== undefined ? { buyer_reference: patch.buyer_reference } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
      })
      .where(eq(invoices.id, id));
    if (lines) {
      await tx.delete(invoice_lines).where(eq(invoice_lines.invoice_id, id));
      await tx.insert(invoice_lines).values(lines.map(({ invoice_id: _drop, ...l }: LineRow & { invoice_id?: string }) => ({ ...l, invoice_id: id })));
    }
  });
}

/** Deletes a draft (its lines go with it) and gives its charge lines back. */
export async function deleteDraft(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const inv = await lockDraft(tx, id, actor);
    await tx.update(charge_lines).set({ invoice_id: null, updated_at: sql`now()` }).where(eq(charge_lines.invoice_id, id));
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordAudit(tx, { action: 'money.invoice_draft_deleted', actor: actor.user, target: id, details: { kind: inv.kind, company_id: inv.company_id }, ip: actor.ip });
  });
}
