import { and, count, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { shipments } from '@server/db/schema';
import { conflict, notFound } from '@server/http/errors';
import { UUID_PATTERN as UUID } from '@domain/common/ids';


export type InUseRule<TRecord> = {
  table: PgTable & { id: PgColumn };
  /** The record's columns the rule needs (its name, its code). */
  columns: Record<keyof TRecord, PgColumn>;
  notFound: string;
  /** Shipments that use the record: a condition on `shipments`. */
  usedBy: (record: TRecord) => SQL;
  /** The 409 text, naming the record and how many shipments use it. */
  inUseMessage: (record: TRecord, shipmentCount: number) => string;
};

/**
 * The one delete rule of the reference records shipments use (airports, sea ports, carriers, service providers,
 * consolidation agents; issue 20, decision record 0121): a record no shipment uses is deleted; one in use is refused
 * with 409 and the number of shipments, and stays. The check and the delete are one statement, so a shipment saved
 * meanwhile either blocks the delete or comes after it (its foreign key, or its stored code, then names nothing).
 */
export async function deleteUnlessUsed<TRecord>(db: Db, rule: InUseRule<TRecord>, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound(rule.notFound);
  const [record] = (await db.select(rule.columns).from(rule.table).where(eq(rule.table.id, id))) as TRecord[];
  if (!record) throw notFound(rule.notFound);
  const unused = notExists(db.select({ one: sql`1` }).from(shipments).where(rule.usedBy(record)));
  const deleted = await db.delete(rule.table).where(and(eq(rule.table.id, id), unused)).returning({ id: rule.table.id });
  if (deleted.length > 0) return;
  const [used] = await db.select({ n: count() }).from(shipments).where(rule.usedBy(record));
  const n = Number(used?.n ?? 0);
  if (n === 0) {
    // Gone meanwhile: another request deleted the record, or the shipments that used it moved on.
    const again = await db.delete(rule.table).where(and(eq(rule.table.id, id), unused)).returning({ id: rule.table.id });
    if (again.length === 0) throw notFound(rule.notFound);
    return;
  }
  throw conflict(rule.inUseMessage(record, n));
}
