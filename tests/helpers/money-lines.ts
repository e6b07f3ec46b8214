/**
 * Shipments written straight to the database with money (issue 38, decision record 0259): the row, then its sixteen
 * fields as field lines, the way the demo seed writes them.
 */
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
