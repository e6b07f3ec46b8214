/**
 * Supplier bills (issue 39, decision record 0264): staff enter a carrier's, agent's or service provider's bill, keep
 * its file as a document, match its lines to shipments' buy lines (the accrued cost) and record what was paid. The
 * rules are the domain's (src/domain/billing/supplier-bills.ts); the database holds them too (migration 0044). A
 * handler references only the shipments they handle (as on the Charges panel); administrators any. Every change is
 * audited. Staff only: customers never reach these routes, and the customer role has no grant on the tables.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { carriers, charge_lines, consolidation_agents, service_providers, shipments, supplier_bill_lines, supplier_bill_payments, supplier_bills } from '@server/db/schema';
import type { Actor, SessionUser } from '@server/http/context';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { recordAudit } from '@server/audit/audit-log';
import { can } from '@domain/access/permissions';
import { isRecordId } from '@domain/common/ids';
import { ENGLISH, msg } from '@domain/common/i18n';
import type { Page } from '@domain/common/list-schema';
import { dec } from '@domain/money/decimal';
import { moneyString } from '@domain/money/currencies';
import type { SupplierKind } from '@domain/billing/lines';
import { billState, billTotals, matchDifference, SUPPLIER_BILL_MESSAGES as M, tooManyPlaces } from '@domain/billing/supplier-bills';
import type {
  SupplierBill, SupplierBillInput, SupplierBillListQuery, SupplierBillMatchInput, SupplierBillPaymentInput, SupplierBillRow,
} from '@domain/billing/supplier-bills-schema';

export const today = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const SUPPLIER_TABLES = { carrier: carriers, agent: consolidation_agents, service_provider: service_providers } as const;

/** The supplier's name beside a bill `b` (one of three tables by kind). */
const SUPPLIER_NAME = sql`COALESCE(
  (SELECT c.name FROM carriers c WHERE b.supplier_kind = 'carrier' AND c.id = b.supplier_id),
  (SELECT a.name FROM consolidation_agents a WHERE b.supplier_kind = 'agent' AND a.id = b.supplier_id),
  (SELECT p.name FROM service_providers p WHERE b.supplier_kind = 'service_provider' AND p.id = b.supplier_id))`;

/** A bill's head with what was paid and how many lines are matched, as text. */
const HEAD = sql`b.id, b.supplier_kind, b.supplier_id, ${SUPPLIER_NAME} AS supplier_name, b.number, b.bill_date::text AS bill_date,
  b.due_date::text AS due_date, b.currency, b.net::text AS net, b.vat::text AS vat, b.total::text AS total,
  COALESCE((SELECT sum(p.amount) FROM supplier_bill_payments p WHERE p.bill_id = b.id), 0)::text AS paid,
  (SELECT count(*) FROM supplier_bill_lines l WHERE l.bill_id = b.id AND l.charge_line_id IS NOT NULL)::int AS matched_lines,
  (SELECT count(*) FROM supplier_bill_lines l WHERE l.bill_id = b.id)::int AS line_count,
  b.document_name, b.created_at`;

type HeadRow = Omit<SupplierBillRow, 'open' | 'state' | 'created_at'> & { created_at: Date | string };

function toRow(r: HeadRow, day: string): SupplierBillRow {
  const m = (x: string) => moneyString(x, r.currency);
  const { open, state } = billState({ total: r.total, paid: r.paid, due_date: r.due_date, currency: r.currency }, day);
  return {
    ...r,
    net: m(r.net), vat: m(r.vat), total: m(r.total), paid: m(r.paid), open, state,
    matched_lines: Number(r.matched_lines), line_count: Number(r.line_count),
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
  };
}

/** The state filter in SQL, with the same edges as billState. */
function stateFilter(state: SupplierBillListQuery['state'], day: string): SQL {
  const paid = sql`COALESCE((SELECT sum(p.amount) FROM supplier_bill_payments p WHERE p.bill_id = b.id), 0)`;
  switch (state) {
    case 'paid': return sql`${paid} >= b.total`;
    case 'overdue': return sql`${paid} < b.total AND b.due_date < ${day}::date`;
    case 'partly_paid': return sql`${paid} < b.total AND b.due_date >= ${day}::date AND ${paid} > 0`;
    case 'open': return sql`${paid} = 0 AND b.due_date >= ${day}::date`;
    default: return sql`true`;
  }
}

/** GET /supplier-bills: newest bill first, searched in the number and the supplier's name. */
export async function listSupplierBills(db: Db, q: SupplierBillListQuery): Promise<Page<SupplierBillRow>> {
  const day = today();
  const where = sql.join(
    [
      sql`true`,
      q.q ? sql`(${contains(sql`b.number`, q.q)} OR ${contains(SUPPLIER_NAME, q.q)})` : null,
      q.supplier_kind ? sql`b.supplier_kind = ${q.supplier_kind}` : null,
      q.supplier_id ? sql`b.supplier_id = ${q.supplier_id}` : null,
      q.state ? stateFilter(q.state, day) : null,
    ].filter((x): x is SQL => x !== null),
    sql` AND `,
  );
  const [rows, total] = await Promise.all([
    db.execute<HeadRow>(sql`SELECT ${HEAD} FROM supplier_bills b WHERE ${where}
      ORDER BY b.bill_date DESC, b.created_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM supplier_bills b WHERE ${where}`),
  ]);
  return toPage(rows.rows.map((r) => toRow(r, day)), Number(total.rows[0]!.n), q.page, q.pageSize);
}

type LineRow = {
  position: number; description: string; amount: string; shipment_id: string | null; shipment_reference: string | null; charge_line_id: string | null;
  code: string | null; buy_description: string | null; accrued: string | null; buy_currency: string | null; side: string | null;
};

/** GET /supplier-bills/{id}: the bill with its lines (each match with what was accrued and the difference) and payments. */
export async function getSupplierBill(db: Db | Tx, id: string): Promise<SupplierBill> {
  if (!isRecordId(id)) throw notFound(M.notFound);
  const [head] = (await db.execute<HeadRow & { note: string | null; document_original_name: string | null }>(sql`
    SELECT ${HEAD}, b.note, (SELECT f.original_name FROM files f WHERE f.name = b.document_name) AS document_original_name
    FROM supplier_bills b WHERE b.id = ${id}`)).rows;
  if (!head) throw notFound(M.notFound);
  const [lines, paid] = await Promise.all([
    db.execute<LineRow>(sql`
      SELECT l.position, l.description, l.amount::text AS amount, l.shipment_id, s.reference_number AS shipment_reference, l.charge_line_id,
        c.code, c.description AS buy_description, c.amount::text AS accrued, c.currency AS buy_currency, c.side
      FROM supplier_bill_lines l
      LEFT JOIN shipments s ON s.id = l.shipment_id
      LEFT JOIN charge_lines c ON c.id = l.charge_line_id
      WHERE l.bill_id = ${id} ORDER BY l.position`),
    db.execute<{ id: string; paid_on: string; amount: string; reference: string | null; note: string | null; created_at: Date | string }>(sql`
      SELECT p.id, p.paid_on::text AS paid_on, p.amount::text AS amount, p.reference, p.note, p.created_at
      FROM supplier_bill_payments p WHERE p.bill_id = ${id} ORDER BY p.paid_on, p.created_at, p.id`),
  ]);
  const currency = head.currency;
  let difference = dec(0);
  const outLines = lines.rows.map((l) => {
    let matched: SupplierBill['lines'][number]['matched'] = null;
    if (l.charge_line_id && l.accrued !== null && l.buy_currency) {
      const d = matchDifference({ amount: l.amount }, currency, { side: l.side ?? '', amount: l.accrued, currency: l.buy_currency });
      if (d.ok) difference = difference.plus(dec(d.difference));
      matched = { code: l.code, description: l.buy_description, accrued: moneyString(l.accrued, l.buy_currency), currency: l.buy_currency, difference: d.ok ? d.difference : null };
    }
    return {
      position: Number(l.position), description: l.description, amount: moneyString(l.amount, currency), shipment_id: l.shipment_id,
      shipment_reference: l.shipment_reference, charge_line_id: l.charge_line_id, matched,
    };
  });
  const { note, document_original_name, ...rest } = head;
  return {
    ...toRow(rest, today()),
    note,
    document_original_name,
    lines: outLines,
    payments: paid.rows.map((p) => ({
      ...p, amount: moneyString(p.amount, currency), created_at: p.created_at instanceof Date ? p.created_at.toISOString() : new Date(p.created_at).toISOString(),
    })),
    difference: moneyString(difference, currency),
  };
}

// ---- Writes -------------------------------------------------------------------------------------------------------

async function assertSupplier(tx: Tx, kind: SupplierKind, id: string): Promise<void> {
  const table = SUPPLIER_TABLES[kind];
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!found) throw invalid(M.supplierUnknown, { supplier_id: M.supplierUnknown });
}

/** The shipment exists and the user may put costs on it (a handler the shipments they handle). */
async function assertShipmentForCosts(tx: Tx, user: SessionUser, shipmentId: string, field: string): Promise<string> {
  const [s] = isRecordId(shipmentId)
    ? await tx.select({ id: shipments.id, handler_id: shipments.handler_id, reference: shipments.reference_number }).from(shipments).where(eq(shipments.id, shipmentId))
    : [];
  if (!s) throw invalid(M.shipmentUnknown, { [field]: M.shipmentUnknown });
  if (!can(user.role, 'shipments:any_handler') && s.handler_id !== user.id) {
    throw forbidden(ENGLISH.t(msg('Only the handler of {reference} or an administrator can put costs on it.'), { reference: s.reference }));
  }
  return s.reference;
}

/**
 * The buy line a bill line matches: on that shipment, a buy line, in the bill's currency, not matched by another
 * bill's line (locked, so two matches of the same line cannot both pass; the unique index holds it too).
 */
async function assertBuyLine(tx: Tx, billId: string | null, currency: string, shipmentId: string, chargeLineId: string, field: string): Promise<{ amount: string }> {
  const [line] = isRecordId(chargeLineId)
    ? await tx
        .select({ id: charge_lines.id, side: charge_lines.side, amount: charge_lines.amount, currency: charge_lines.currency })
        .from(charge_lines)
        .where(and(eq(charge_lines.id, chargeLineId), eq(charge_lines.shipment_id, shipmentId)))
        .for('update')
    : [];
  if (!line) throw invalid(M.buyLineUnknown, { [field]: M.buyLineUnknown });
  const d = matchDifference({ amount: '0' }, currency, line);
  if (!d.ok) throw invalid(d.message, { [field]: d.message });
  const other = await tx.execute<{ number: string }>(sql`
    SELECT b.number FROM supplier_bill_lines l JOIN supplier_bills b ON b.id = l.bill_id
    WHERE l.charge_line_id = ${chargeLineId} ${billId ? sql`AND l.bill_id <> ${billId}` : sql``} LIMIT 1`);
  if (other.rows[0]) throw conflict(M.alreadyMatched(other.rows[0].number), { [field]: M.alreadyMatched(other.rows[0].number) });
  return line;
}

/** Checks every reference of the input (supplier, shipments, matches) and the amounts' limits. */
async function checkInput(tx: Tx, user: SessionUser, billId: string | null, input: SupplierBillInput): Promise<void> {
  await assertSupplier(tx, input.supplier_kind, input.supplier_id);
  for (const [i, l] of input.lines.entries()) {
    if (dec(l.amount).abs().gte(dec('10000000000000000'))) throw invalid(msg('The amount is too large for one line'), { [`lines.${i}.amount`]: msg('The amount is too large for one line') });
    if (l.shipment_id) await assertShipmentForCosts(tx, user, l.shipment_id, `lines.${i}.shipment_id`);
    if (l.shipment_id && l.charge_line_id) await assertBuyLine(tx, billId, input.currency, l.shipment_id, l.charge_line_id, `lines.${i}.charge_line_id`);
  }
}

const auditOf = (b: { number: string; supplier_kind: string; total: string; currency: string }) => ({
  number: b.number, supplier_kind: b.supplier_kind, total: `${moneyString(b.total, b.currency)} ${b.currency}`,
});

/** A duplicate number of the same supplier is the clear 409; the match index's clash too. */
function mapUnique(e: unknown, number: string): never {
  if (isUniqueViolation(e, 'supplier_bills_number_unique')) throw conflict(M.numberTaken(number), { number: M.numberTaken(number) });
  if (isUniqueViolation(e, 'supplier_bill_lines_match_unique')) throw conflict(M.matchedElsewhere);
  throw e;
}

async function writeLines(tx: Tx, billId: string, input: SupplierBillInput): Promise<void> {
  await tx.delete(supplier_bill_lines).where(eq(supplier_bill_lines.bill_id, billId));
  await tx.insert(supplier_bill_lines).values(
    input.lines.map((l, i) => ({ bill_id: billId, position: i + 1, description: l.description, amount: l.amount, shipment_id: l.shipment_id, charge_line_id: l.shipment_id ? l.charge_line_id : null })),
  );
}

/** POST /supplier-bills: the bill, its lines (assigned and matched as given) and its totals, computed here. */
export async function createSupplierBill(db: Db, actor: Actor, input: SupplierBillInput): Promise<SupplierBill> {
  const totals = billTotals(input.lines, input.vat, input.currency);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await checkInput(tx, actor.user, null, input);
      const [row] = await tx
        .insert(supplier_bills)
        .values({
          supplier_kind: input.supplier_kind, supplier_id: input.supplier_id, number: input.number, bill_date: input.bill_date, due_date: input.due_date,
          currency: input.currency, ...totals, note: input.note, created_by: actor.user.id,
        })
        .returning({ id: supplier_bills.id });
      await writeLines(tx, row!.id, input);
      await recordAudit(tx, { action: 'money.supplier_bill_entered', actor: actor.user, target: input.number, details: auditOf({ ...input, total: totals.total }), ip: actor.ip });
      return row!.id;
    });
  } catch (e) {
    mapUnique(e, input.number);
  }
  return getSupplierBill(db, id);
}

/** The bill, locked for a change, with what was paid on it; 404 when there is none. */
async function lockBill(tx: Tx, id: string) {
  if (!isRecordId(id)) throw notFound(M.notFound);
  const [b] = await tx.select().from(supplier_bills).where(eq(supplier_bills.id, id)).for('update');
  if (!b) throw notFound(M.notFound);
  const [p] = (await tx.execute<{ paid: string; first: string | null }>(sql`
    SELECT COALESCE(sum(amount), 0)::text AS paid, min(paid_on)::text AS first FROM supplier_bill_payments WHERE bill_id = ${id}`)).rows;
  return { ...b, paid: p!.paid, first_paid_on: p!.first };
}

/** PUT /supplier-bills/{id}: the whole bill replaced (its lines too); a bill with payments keeps its currency and at least what was paid. */
export async function updateSupplierBill(db: Db, actor: Actor, id: string, input: SupplierBillInput): Promise<SupplierBill> {
  const totals = billTotals(input.lines, input.vat, input.currency);
  try {
    await db.transaction(async (tx) => {
      const old = await lockBill(tx, id);
      if (dec(old.paid).gt(0)) {
        if (input.currency !== old.currency) throw conflict(M.currencyPaid, { currency: M.currencyPaid });
        const paid = moneyString(old.paid, old.currency);
        if (dec(totals.total).lt(dec(old.paid))) throw conflict(M.totalBelowPaid(paid), { lines: M.totalBelowPaid(paid) });
        if (old.first_paid_on && old.first_paid_on < input.bill_date) throw invalid(M.paymentBeforeBill, { bill_date: M.paymentBeforeBill });
      }
      await checkInput(tx, actor.user, id, input);
      await tx
        .update(supplier_bills)
        .set({
          supplier_kind: input.supplier_kind, supplier_id: input.supplier_id, number: input.number, bill_date: input.bill_date, due_date: input.due_date,
          currency: input.currency, ...totals, note: input.note, updated_at: new Date(),
        })
        .where(eq(supplier_bills.id, id));
      await writeLines(tx, id, input);
      const before = auditOf(old);
      const after = auditOf({ ...input, total: totals.total });
      await recordAudit(tx, {
        action: 'money.supplier_bill_changed', actor: actor.user, target: input.number,
        details: { number: after.number, supplier_kind: after.supplier_kind, total: { old: before.total, new: after.total } }, ip: actor.ip,
      });
    });
  } catch (e) {
    mapUnique(e, input.number);
  }
  return getSupplierBill(db, id);
}

/**
 * DELETE /supplier-bills/{id}: a bill entered by mistake goes with its lines, so the shipments' costs are the accrued
 * ones again; a bill with payments is in the books and stays (409). Its file stays in Documents. Audited.
 */
export async function deleteSupplierBill(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, id);
    if (dec(bill.paid).gt(0)) throw conflict(M.deletePaid);
    const lines = await tx.select({ shipment_id: supplier_bill_lines.shipment_id }).from(supplier_bill_lines).where(eq(supplier_bill_lines.bill_id, id));
    for (const shipmentId of new Set(lines.flatMap((l) => (l.shipment_id ? [l.shipment_id] : [])))) await assertShipmentForCosts(tx, actor.user, shipmentId, 'shipment_id');
    await tx.delete(supplier_bills).where(eq(supplier_bills.id, id));
    await recordAudit(tx, {
      action: 'money.supplier_bill_deleted', actor: actor.user, target: bill.number,
      details: { number: bill.number, supplier_kind: bill.supplier_kind, total: `${moneyString(bill.total, bill.currency)} ${bill.currency}` }, ip: actor.ip,
    });
  });
}

async function lockLine(tx: Tx, billId: string, position: number) {
  const [l] = Number.isSafeInteger(position)
    ? await tx.select().from(supplier_bill_lines).where(and(eq(supplier_bill_lines.bill_id, billId), eq(supplier_bill_lines.position, position))).for('update')
    : [];
  if (!l) throw notFound(M.lineNotFound);
  return l;
}

/** PUT /supplier-bills/{id}/lines/{position}/match: the line matched to a buy line (of its shipment, or of the shipment given). */
export async function matchBillLine(db: Db, actor: Actor, id: string, position: number, input: SupplierBillMatchInput): Promise<SupplierBill> {
  try {
    await db.transaction(async (tx) => {
      const bill = await lockBill(tx, id);
      const line = await lockLine(tx, id, position);
      const shipmentId = input.shipment_id ?? line.shipment_id;
      if (!shipmentId) throw invalid(M.buyLineNoShipment, { shipment_id: M.buyLineNoShipment });
      const reference = await assertShipmentForCosts(tx, actor.user, shipmentId, 'shipment_id');
      const buy = await assertBuyLine(tx, id, bill.currency, shipmentId, input.charge_line_id, 'charge_line_id');
      const other = await tx.execute<{ position: number }>(sql`SELECT position FROM supplier_bill_lines WHERE bill_id = ${id} AND charge_line_id = ${input.charge_line_id} AND position <> ${position}`);
      if (other.rows[0]) throw conflict(M.matchedTwice, { charge_line_id: M.matchedTwice });
      await tx.update(supplier_bill_lines).set({ shipment_id: shipmentId, charge_line_id: input.charge_line_id }).where(and(eq(supplier_bill_lines.bill_id, id), eq(supplier_bill_lines.position, position)));
      const d = matchDifference(line, bill.currency, { side: 'buy', amount: buy.amount, currency: bill.currency });
      await recordAudit(tx, {
        action: 'money.supplier_bill_matched', actor: actor.user, target: bill.number,
        details: { number: bill.number, position, shipment: reference, billed: `${moneyString(line.amount, bill.currency)} ${bill.currency}`, accrued: `${moneyString(buy.amount, bill.currency)} ${bill.currency}`, difference: d.ok ? d.difference : null },
        ip: actor.ip,
      });
    });
  } catch (e) {
    mapUnique(e, '');
  }
  return getSupplierBill(db, id);
}

/**
 * DELETE /supplier-bills/{id}/lines/{position}/match: the line is taken off the buy line and its shipment (as before it
 * was matched), so the job's cost is the accrued one again, never the accrued and the billed amounts both.
 */
export async function unmatchBillLine(db: Db, actor: Actor, id: string, position: number): Promise<SupplierBill> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, id);
    const line = await lockLine(tx, id, position);
    if (line.shipment_id) await assertShipmentForCosts(tx, actor.user, line.shipment_id, 'shipment_id');
    if (!line.charge_line_id) return;
    await tx.update(supplier_bill_lines).set({ charge_line_id: null, shipment_id: null }).where(and(eq(supplier_bill_lines.bill_id, id), eq(supplier_bill_lines.position, position)));
    await recordAudit(tx, { action: 'money.supplier_bill_unmatched', actor: actor.user, target: bill.number, details: { number: bill.number, position }, ip: actor.ip });
  });
  return getSupplierBill(db, id);
}

/** POST /supplier-bills/{id}/payments: never more than is open, never before the bill's day. */
export async function recordBillPayment(db: Db, actor: Actor, id: string, input: SupplierBillPaymentInput): Promise<SupplierBill> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, id);
    const places = tooManyPlaces(input.amount, bill.currency);
    if (places) throw invalid(places, { amount: places });
    if (input.paid_on < bill.bill_date) throw invalid(M.paymentBeforeBill, { paid_on: M.paymentBeforeBill });
    const open = dec(bill.total).minus(dec(bill.paid));
    if (dec(input.amount).gt(open)) {
      const message = M.overpaid(moneyString(open.lt(0) ? dec(0) : open, bill.currency));
      throw conflict(message, { amount: message });
    }
    await tx.insert(supplier_bill_payments).values({ bill_id: id, paid_on: input.paid_on, amount: input.amount, reference: input.reference, note: input.note, created_by: actor.user.id });
    await recordAudit(tx, {
      action: 'money.supplier_bill_paid', actor: actor.user, target: bill.number,
      details: { number: bill.number, amount: `${moneyString(input.amount, bill.currency)} ${bill.currency}`, paid_on: input.paid_on }, ip: actor.ip,
    });
  });
  return getSupplierBill(db, id);
}

/** The bill exists (before a byte is stored, and locked in the transaction that records the file). */
export async function billForDocument(db: Db | Tx, id: string, lock: boolean): Promise<{ number: string }> {
  if (!isRecordId(id)) throw notFound(M.notFound);
  const q = db.select({ number: supplier_bills.number }).from(supplier_bills).where(eq(supplier_bills.id, id));
  const [b] = lock ? await q.for('update') : await q;
  if (!b) throw notFound(M.notFound);
  return b;
}

/** Records the uploaded file as the bill's document (inside the upload's transaction) and audits it. */
export async function recordBillDocument(tx: Tx, actor: Actor, id: string, file: { name: string; original_name: string; size: number }): Promise<void> {
  const b = await billForDocument(tx, id, true);
  await tx.update(supplier_bills).set({ document_name: file.name, updated_at: new Date() }).where(eq(supplier_bills.id, id));
  await recordAudit(tx, { action: 'money.supplier_bill_document', actor: actor.user, target: b.number, details: { number: b.number, document: file.name, original_name: file.original_name, size: file.size }, ip: actor.ip });
}

