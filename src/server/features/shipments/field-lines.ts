/**
 * The spec's sixteen money fields as a view of a shipment's field lines (issue 38, decision records 0258 and 0259):
 * `charge_lines` rows marked with `field`, one per field and shipment. Reading a field gives its line's amount and
 * currency (null and USD when there is none); writing it upserts the line (quantity 1, per shipment, unit price =
 * amount = the value exactly), clearing it deletes the line. A field line already on an invoice never changes here.
 * Lines without `field` (the Charges panel's) are never touched. Totals are over all the lines (`lineTotals`).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { charge_lines, invoices } from '@server/db/schema';
import { FIELD_LINES, SEED_FIELDS, type SeedField } from '@domain/billing/lines';
import type { JobBillLine, JobLine } from '@domain/billing/supplier-bills';
import { DEFAULT_CURRENCY } from '@domain/common/enums';
import { CHARGE_LABELS, COST_LABELS, fieldDecimal, fieldNumber } from '@domain/shipments/index';
import { dec } from '@domain/money/decimal';
import { ENGLISH, msg } from '@domain/common/i18n';
import { conflict } from '@server/http/errors';

/** The sixteen fields and their currencies, as the API and the form carry them. */
export type MoneyFields = { [K in SeedField]: number | null } & { [K in `${SeedField}_currency`]: string };

const MONEY_KEYS = new Set<string>(SEED_FIELDS.flatMap((f) => [f, `${f}_currency`]));
const LABELS: Record<SeedField, string> = { ...CHARGE_LABELS, ...COST_LABELS };

/** Every field unset (no line): null, in USD. */
export function noMoney(): MoneyFields {
  return Object.fromEntries(SEED_FIELDS.flatMap((f) => [[f, null], [`${f}_currency`, DEFAULT_CURRENCY]])) as MoneyFields;
}

/**
 * A form's row values apart from its money fields, and the fields it gives (a field absent from `columns` is not
 * given, so its line is left as it is). A field without an amount has no line, so its currency is the default.
 */
export function splitMoney<T extends object>(columns: T): { row: Omit<T, keyof MoneyFields>; money: Partial<MoneyFields> } {
  const row: Record<string, unknown> = {};
  const money: Record<string, unknown> = {};
  const given = columns as Record<string, unknown>;
  for (const [k, v] of Object.entries(given)) if (!MONEY_KEYS.has(k)) row[k] = v;
  for (const f of SEED_FIELDS) {
    if (!(f in given)) continue;
    const amount = typeof given[f] === 'number' ? (given[f]) : null;
    const currency = given[`${f}_currency`];
    money[f] = amount;
    money[`${f}_currency`] = amount !== null && typeof currency === 'string' && currency !== '' ? currency : DEFAULT_CURRENCY;
  }
  return { row: row as Omit<T, keyof MoneyFields>, money: money };
}

/** The sixteen fields of many shipments from their field lines: one query. */
export async function loadMoneyFields(db: Db | Tx, ids: readonly string[]): Promise<Map<string, MoneyFields>> {
  const out = new Map<string, MoneyFields>(ids.map((id) => [id, noMoney()]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ shipment_id: charge_lines.shipment_id, field: charge_lines.field, amount: charge_lines.amount, currency: charge_lines.currency })
    .from(charge_lines)
    .where(and(inArray(charge_lines.shipment_id, [...ids]), isNotNull(charge_lines.field)));
  for (const r of rows) {
    const fields = out.get(r.shipment_id!) as Record<string, unknown> | undefined;
    if (!fields || !(r.field! in FIELD_LINES)) continue;
    fields[r.field!] = fieldNumber(r.amount);
    fields[`${r.field}_currency`] = r.currency;
  }
  return out;
}

/** All the charge lines' money of one shipment (field lines and the others), for its totals. */
export async function loadLineMoney(db: Db | Tx, id: string): Promise<JobLine[]> {
  return db
    .select({ id: charge_lines.id, side: charge_lines.side, amount: charge_lines.amount, currency: charge_lines.currency, invoice_id: charge_lines.invoice_id })
    .from(charge_lines)
    .where(eq(charge_lines.shipment_id, id))
    .orderBy(asc(charge_lines.position));
}

/** The supplier bill lines on a shipment (issue 39): its actual costs, each in its bill's currency, and the buy line it matches. */
export async function loadJobBillLines(db: Db | Tx, shipmentId: string): Promise<JobBillLine[]> {
  const r = await db.execute<JobBillLine>(sql`
    SELECT l.amount::text AS amount, b.currency, l.charge_line_id FROM supplier_bill_lines l JOIN supplier_bills b ON b.id = l.bill_id
    WHERE l.shipment_id = ${shipmentId} ORDER BY l.bill_id, l.position`);
  return r.rows;
}

/** The values of a new field line (quantity 1 per shipment; unit price = amount = the field's value exactly). */
function lineValues(shipmentId: string, f: SeedField, amount: number, currency: string, actorId: string | null) {
  const value = fieldDecimal(amount);
  return {
    shipment_id: shipmentId,
    position: SEED_FIELDS.indexOf(f),
    ...FIELD_LINES[f],
    quantity: '1',
    unit: 'shipment' as const,
    unit_price: value,
    amount: value,
    currency,
    field: f,
    created_by: actorId,
  };
}

/** The field lines of new shipments (a create, an import's chunk): one insert. */
export async function insertFieldLines(tx: Tx, entries: readonly { shipmentId: string; money: Partial<MoneyFields> }[], actorId: string | null): Promise<void> {
  const rows = entries.flatMap(({ shipmentId, money }) =>
    SEED_FIELDS.flatMap((f) => {
      const amount = money[f];
      return typeof amount === 'number' ? [lineValues(shipmentId, f, amount, money[`${f}_currency`] ?? DEFAULT_CURRENCY, actorId)] : [];
    }),
  );
  if (rows.length) await tx.insert(charge_lines).values(rows);
}

const invoicedMessage = (f: SeedField, number: string | null) =>
  number
    ? ENGLISH.t(msg('{field} is on invoice {number} and cannot be changed here; issue a credit note first'), { field: LABELS[f], number })
    : ENGLISH.t(msg('{field} is on a draft invoice and cannot be changed here; remove it from the draft first'), { field: LABELS[f] });

/**
 * Writes the given fields of one shipment: a set field upserts its line, a cleared one deletes it, an unchanged one
 * is left alone. A field line on an invoice (a draft's too) that would change answers 409 naming the invoice, and
 * nothing is written (the caller's transaction rolls back).
 */
export async function writeMoneyFields(tx: Tx, shipmentId: string, money: Partial<MoneyFields>, actorId: string | null): Promise<void> {
  const existing = await tx
    .select({ id: charge_lines.id, field: charge_lines.field, amount: charge_lines.amount, currency: charge_lines.currency, invoice_id: charge_lines.invoice_id, number: invoices.number })
    .from(charge_lines)
    .leftJoin(invoices, eq(invoices.id, charge_lines.invoice_id))
    .where(and(eq(charge_lines.shipment_id, shipmentId), isNotNull(charge_lines.field)))
    .for('update', { of: charge_lines });
  const byField = new Map(existing.map((e) => [e.field, e]));
  const remove: string[] = [];
  const upsert: ReturnType<typeof lineValues>[] = [];
  for (const f of SEED_FIELDS) {
    if (!(f in money)) continue;
    const amount = money[f] ?? null;
    const currency = money[`${f}_currency`] ?? DEFAULT_CURRENCY;
    const line = byField.get(f);
    const unchanged = line ? amount !== null && dec(line.amount).eq(dec(fieldDecimal(amount))) && line.currency === currency : amount === null;
    if (unchanged) continue;
    if (line?.invoice_id) {
      const message = invoicedMessage(f, line.number);
      throw conflict(message, { [f]: message });
    }
    if (amount === null) remove.push(line!.id);
    else upsert.push(lineValues(shipmentId, f, amount, currency, actorId));
  }
  if (remove.length) await tx.delete(charge_lines).where(inArray(charge_lines.id, remove));
  if (upsert.length) {
    await tx
      .insert(charge_lines)
      .values(upsert)
      .onConflictDoUpdate({
        target: [charge_lines.shipment_id, charge_lines.field],
        targetWhere: sql`${charge_lines.field} is not null`,
        set: {
          quantity: sql`excluded.quantity`,
          unit: sql`excluded.unit`,
          unit_price: sql`excluded.unit_price`,
          amount: sql`excluded.amount`,
          currency: sql`excluded.currency`,
          updated_at: sql`now()`,
        },
      });
  }
}
