/**
 * Shipments written straight to the database with money (issue 38, decision record 0259): the row, then its sixteen
 * fields as field lines, the way the demo seed writes them.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { charge_lines, shipments } from '@server/db/schema';
import { fieldLineRows, withoutMoney, type SeedMoney } from '@server/db/seed/field-lines';

export type ShipmentWithMoney = typeof shipments.$inferInsert & SeedMoney;

/** Inserts the rows and their field lines; answers the ids and reference numbers in the rows' order. */
export async function insertShipmentsWithMoney(db: Db | Tx, values: ShipmentWithMoney[]): Promise<{ id: string; ref: string }[]> {
  const split = values.map((v) => withoutMoney(v));
  const rows = await db.insert(shipments).values(split.map((s) => s.row)).returning({ id: shipments.id, ref: shipments.reference_number });
  const lines = rows.flatMap((r, k) => fieldLineRows(r.id, split[k]!.money));
  if (lines.length) await db.insert(charge_lines).values(lines);
  return rows;
}

/** Sets money fields of a stored shipment straight in the database: each field's line upserted (quantity 1). */
export async function setFieldLines(db: Db | Tx, shipmentId: string, money: SeedMoney): Promise<void> {
  const lines = fieldLineRows(shipmentId, money);
  for (const l of lines) {
    await db.execute(sql`insert into charge_lines (shipment_id, position, side, category, code, quantity, unit, unit_price, amount, currency, field)
      values (${l.shipment_id}, ${l.position}, ${l.side}, ${l.category}, ${l.code}, 1, 'shipment', ${l.unit_price}, ${l.amount}, ${l.currency}, ${l.field})
      on conflict (shipment_id, field) where field is not null do update set unit_price = excluded.unit_price, amount = excluded.amount, currency = excluded.currency`);
  }
}

/** A shipment's money fields as the old columns read (numeric(14,2) text), from its field lines. */
export async function storedFields(db: Db | Tx, shipmentId: string): Promise<Record<string, string>> {
  const r = await db.execute<{ field: string; amount: string; currency: string }>(
    sql`select field, amount::numeric(14, 2)::text as amount, currency from charge_lines where shipment_id = ${shipmentId} and field is not null`);
  return Object.fromEntries(r.rows.flatMap((l) => [[l.field, l.amount], [`${l.field}_currency`, l.currency]]));
}
