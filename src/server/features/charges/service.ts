/**
 * A shipment's charge lines on the Charges panel (issue 38, decision record 0258): staff read every line with its
 * supplier and the job's profit, billed and unbilled per currency; a customer reads the charges (sell lines) of their
 * company's shipments and what they come to, never a cost. Handlers change the lines of the shipments they handle,
 * administrators any; a billed line or one of the form's sixteen fields is not changed here. Every change is audited.
 */
import { msg } from '@domain/common/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { charge_codes, charge_lines, carriers, consolidation_agents, service_providers, shipments } from '@server/db/schema';
import type { Actor, SessionUser } from '@server/http/context';
import { conflict, forbidden, invalid, notFound } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { assertShipmentId, assertShipmentReadable, loadJobBillLines, type ReadScope } from '@server/features/shipments/index';
import { can, isCustomer } from '@domain/access/permissions';
import { isRecordId } from '@domain/common/ids';
import { minorUnitOf } from '@domain/money/currencies';
import { lineAmount, lineTotals, type ChargeCategory } from '@domain/billing/lines';
import type { ChargeLine, ChargeLineInput } from '@domain/billing/schema';
import { jobTotals } from '@domain/billing/supplier-bills';
import type { CustomerShipmentCharges } from '@domain/billing/charges-schema';
import { CHARGE_MESSAGES, chargeLineLimitProblems, lineLockReason, plainDecimal } from '@domain/billing/charge-rules';

type RawLine = Omit<ChargeLine, 'position'> & { position: number | string };

/** Stored decimals as people write them: the amount in its currency's minor unit, prices with at least as many places. */
function toLine(r: RawLine): ChargeLine {
  const places = minorUnitOf(r.currency);
  return {
    ...r,
    ...(r.matched_amount ? { matched_amount: plainDecimal(r.matched_amount, places) } : {}),
    position: Number(r.position),
    quantity: plainDecimal(r.quantity),
    unit_price: plainDecimal(r.unit_price, places),
    amount: plainDecimal(r.amount, places),
    vat_rate: r.vat_rate === null ? null : plainDecimal(r.vat_rate),
  };
}

const STAFF_COLUMNS = sql`l.id, l.shipment_id, l.request_id, l.position, l.side, l.category, l.code, l.description,
  l.quantity::text AS quantity, l.unit, l.unit_price::text AS unit_price, l.amount::text AS amount, l.currency, l.vat_category,
  l.vat_rate::text AS vat_rate, l.exemption_reason, l.supplier_kind, l.supplier_id, COALESCE(c.name, a.name, p.name) AS supplier_name,
  l.field, l.invoice_id, i.number AS invoice_number, sb.id AS matched_bill_id, sb.number AS matched_bill_number, sbl.amount::text AS matched_amount
  FROM charge_lines l
  LEFT JOIN supplier_bill_lines sbl ON sbl.charge_line_id = l.id
  LEFT JOIN supplier_bills sb ON sb.id = sbl.bill_id
  LEFT JOIN carriers c ON l.supplier_kind = 'carrier' AND c.id = l.supplier_id
  LEFT JOIN consolidation_agents a ON l.supplier_kind = 'agent' AND a.id = l.supplier_id
  LEFT JOIN service_providers p ON l.supplier_kind = 'service_provider' AND p.id = l.supplier_id
  LEFT JOIN invoices i ON i.id = l.invoice_id`;

async function staffLines(db: Db | Tx, where: ReturnType<typeof sql>): Promise<ChargeLine[]> {
  const r = await db.execute<RawLine>(sql`SELECT ${STAFF_COLUMNS} WHERE ${where} ORDER BY l.position, l.created_at, l.id`);
  return r.rows.map(toLine);
}

/** What the papers print of a charge (the debit note's and the arrival notice's table). */
export type PaperChargeLine = Pick<ChargeLine, 'category' | 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'amount' | 'currency' | 'vat_category' | 'vat_rate'>;

/**
 * The charges a shipment's papers print: its sell lines other than 0 (the form's fields and the Charges panel's), in
 * the panel's order, with only what a paper prints (never a cost or a supplier).
 */
export async function paperCharges(db: Db, shipmentId: string): Promise<PaperChargeLine[]> {
  const lines = await staffLines(db, sql`l.shipment_id = ${shipmentId} AND l.side = 'sell' AND l.amount <> 0`);
  return lines.map(({ category, code, description, quantity, unit, unit_price, amount, currency, vat_category, vat_rate }) => ({
    category, code, description, quantity, unit, unit_price, amount, currency, vat_category, vat_rate,
  }));
}

/**
 * A customer's lines: the sell lines of the shipment, only the columns the customer role is granted (migration 0033:
 * no supplier, no form field), and an invoice only once it is issued (a draft is not theirs to see; row security
 * on invoices says the same). A line of 0 charges them nothing and is left out (a new shipment's form fields start at 0).
 */
async function customerLines(db: Db, shipmentId: string): Promise<CustomerShipmentCharges['lines']> {
  const r = await db.execute<RawLine>(sql`
    SELECT l.id, l.shipment_id, l.request_id, l.position, l.side, l.category, l.code, l.description, l.quantity::text AS quantity,
      l.unit, l.unit_price::text AS unit_price, l.amount::text AS amount, l.currency, l.vat_category, l.vat_rate::text AS vat_rate,
      l.exemption_reason, NULL AS field, i.id AS invoice_id, i.number AS invoice_number
    FROM charge_lines l
    LEFT JOIN invoices i ON i.id = l.invoice_id AND i.status = 'issued'
    WHERE l.shipment_id = ${shipmentId} AND l.side = 'sell' AND l.amount <> 0
    ORDER BY l.position, l.created_at, l.id`);
  return r.rows.map(toLine);
}

/** GET /shipments/{id}/charges (inside the customer scope for a customer): 404 for a shipment the user may not read. */
export async function getShipmentCharges(db: Db, user: SessionUser, shipmentId: string, scope: ReadScope) {
  await assertShipmentReadable(db, shipmentId, scope);
  if (isCustomer(user.role)) {
    const lines = await customerLines(db, shipmentId);
    return { lines, totals: lineTotals(lines).map((t) => ({ currency: t.currency, total: t.total_revenue })) };
  }
  const [lines, bills] = await Promise.all([staffLines(db, sql`l.shipment_id = ${shipmentId}`), loadJobBillLines(db, shipmentId)]);
  return { lines, totals: jobTotals(lines, bills) };
}

// ---- Writes -------------------------------------------------------------------------------------------------------

/** The shipment, locked for the change; 404 unknown, 403 for a handler who does not handle it. */
async function lockShipment(tx: Tx, user: SessionUser, shipmentId: string) {
  assertShipmentId(shipmentId);
  const [s] = await tx
    .select({ id: shipments.id, handler_id: shipments.handler_id, reference: shipments.reference_number })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .for('update');
  if (!s) throw notFound(msg('Shipment not found'));
  if (!can(user.role, 'shipments:any_handler') && s.handler_id !== user.id) throw forbidden(CHARGE_MESSAGES.notYourShipment);
  return s;
}

/** The line of that shipment, locked; 404 when the shipment has no such line. */
async function lockLine(tx: Tx, shipmentId: string, lineId: string): Promise<ChargeLine> {
  if (!isRecordId(lineId)) throw notFound(CHARGE_MESSAGES.notFound);
  const [locked] = await tx
    .select({ id: charge_lines.id })
    .from(charge_lines)
    .where(and(eq(charge_lines.id, lineId), eq(charge_lines.shipment_id, shipmentId)))
    .for('update');
  if (!locked) throw notFound(CHARGE_MESSAGES.notFound);
  const [line] = await staffLines(tx, sql`l.id = ${lineId}`);
  return line!;
}

const SUPPLIER_TABLES = { carrier: carriers, agent: consolidation_agents, service_provider: service_providers } as const;

/** The code exists, is in use (or is the line's own code already) and is of the line's category; the supplier exists. */
async function checkReferences(tx: Tx, input: ChargeLineInput, keptCode: string | null): Promise<void> {
  if (input.code) {
    const [code] = await tx.select().from(charge_codes).where(eq(charge_codes.code, input.code));
    if (!code) throw invalid(CHARGE_MESSAGES.codeUnknown(input.code), { code: CHARGE_MESSAGES.codeUnknown(input.code) });
    if (!code.active && code.code !== keptCode) throw invalid(CHARGE_MESSAGES.codeInactive(input.code), { code: CHARGE_MESSAGES.codeInactive(input.code) });
    if (code.category !== input.category) {
      const message = CHARGE_MESSAGES.codeCategory(code.code, code.category as ChargeCategory);
      throw invalid(message, { category: message });
    }
  }
  if (!input.supplier_kind !== !input.supplier_id) throw invalid(CHARGE_MESSAGES.supplierPair, { supplier_id: CHARGE_MESSAGES.supplierPair });
  if (input.supplier_kind && input.supplier_id) {
    const table = SUPPLIER_TABLES[input.supplier_kind];
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.supplier_id));
    if (!found) throw invalid(CHARGE_MESSAGES.supplierUnknown(input.supplier_kind), { supplier_id: CHARGE_MESSAGES.supplierUnknown(input.supplier_kind) });
  }
}

/** The columns a line's input writes; the amount computed here, never taken from the caller. */
function columnsOf(input: ChargeLineInput) {
  const fields = chargeLineLimitProblems(input);
  if (fields) throw invalid(Object.values(fields)[0]!, fields);
  const buy = input.side === 'buy';
  return {
    side: input.side,
    category: input.category,
    code: input.code ?? null,
    description: input.description,
    quantity: input.quantity,
    unit: input.unit,
    unit_price: input.unit_price,
    amount: lineAmount(input.quantity, input.unit_price, input.currency),
    currency: input.currency,
    vat_category: input.vat_category ?? null,
    vat_rate: input.vat_category ? (input.vat_rate ?? '0') : null,
    exemption_reason: input.vat_category ? input.exemption_reason : null,
    supplier_kind: buy ? (input.supplier_kind ?? null) : null,
    supplier_id: buy ? (input.supplier_id ?? null) : null,
  };
}

const auditOf = (reference: string, l: { side: string; code: string | null; category: string; amount: string; currency: string }) => ({
  shipment: reference,
  side: l.side,
  code: l.code ?? l.category,
  amount: `${plainDecimal(l.amount, minorUnitOf(l.currency))} ${l.currency}`,
});

/** POST /shipments/{id}/charges: a new line at the end of the shipment's lines. */
export async function addChargeLine(db: Db, actor: Actor, shipmentId: string, input: ChargeLineInput): Promise<ChargeLine> {
  const values = columnsOf(input);
  const id = await db.transaction(async (tx) => {
    const s = await lockShipment(tx, actor.user, shipmentId);
    await checkReferences(tx, input, null);
    const [{ next }] = (await tx.execute<{ next: number }>(sql`SELECT COALESCE(MAX(position), 0) + 1 AS next FROM charge_lines WHERE shipment_id = ${s.id}`)).rows as [{ next: number }];
    const [row] = await tx.insert(charge_lines).values({ ...values, shipment_id: s.id, position: Number(next), created_by: actor.user.id }).returning({ id: charge_lines.id });
    await recordAudit(tx, { action: 'money.charge_added', actor: actor.user, target: s.reference, details: auditOf(s.reference, values), ip: actor.ip });
    return row!.id;
  });
  const [line] = await staffLines(db, sql`l.id = ${id}`);
  return line!;
}

/** PATCH /shipments/{id}/charges/{lineId}: the line's fields replaced, its amount computed again; 409 when billed or a form field. */
export async function changeChargeLine(db: Db, actor: Actor, shipmentId: string, lineId: string, input: ChargeLineInput): Promise<ChargeLine> {
  const values = columnsOf(input);
  await db.transaction(async (tx) => {
    const s = await lockShipment(tx, actor.user, shipmentId);
    const old = await lockLine(tx, s.id, lineId);
    const locked = lineLockReason(old);
    if (locked) throw conflict(locked);
    await checkReferences(tx, input, old.code);
    await tx.update(charge_lines).set({ ...values, updated_at: new Date() }).where(eq(charge_lines.id, old.id));
    const before = auditOf(s.reference, old);
    const after = auditOf(s.reference, values);
    await recordAudit(tx, {
      action: 'money.charge_changed',
      actor: actor.user,
      target: s.reference,
      details: { shipment: s.reference, side: after.side, code: { old: before.code, new: after.code }, amount: { old: before.amount, new: after.amount } },
      ip: actor.ip,
    });
  });
  const [line] = await staffLines(db, sql`l.id = ${lineId}`);
  return line!;
}

/** DELETE /shipments/{id}/charges/{lineId}: 409 when billed or a form field. */
export async function removeChargeLine(db: Db, actor: Actor, shipmentId: string, lineId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const s = await lockShipment(tx, actor.user, shipmentId);
    const old = await lockLine(tx, s.id, lineId);
    const locked = lineLockReason(old);
    if (locked) throw conflict(locked);
    await tx.delete(charge_lines).where(eq(charge_lines.id, old.id));
    await recordAudit(tx, { action: 'money.charge_removed', actor: actor.user, target: s.reference, details: auditOf(s.reference, old), ip: actor.ip });
  });
}
