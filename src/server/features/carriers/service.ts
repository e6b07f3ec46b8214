import { and, asc, count, desc, eq, notExists, or, sql } from 'drizzle-orm';
import type { Page } from '../../../domain/list';
import type { Carrier, CarrierListQuery, carrierInputSchema } from '../../../domain/partners';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { carriers as t, shipments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ilike, offsetOf, toPage } from '../../http/list';

type Values = z.output<typeof carrierInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Carrier not found';

const columns = {
  id: t.id,
  name: t.name,
  country: t.country,
  registration_number: t.registration_number,
  contact_email: t.contact_email,
  contact_phone: t.contact_phone,
  website: t.website,
  carrier_type: t.carrier_type,
  created_at: t.created_at,
};
type DbRow = { created_at: Date } & Omit<Carrier, 'created_at'>;
const toRow = (r: DbRow): Carrier => ({ ...r, created_at: r.created_at.toISOString() });

const SORT = { name: t.name, country: t.country, carrier_type: t.carrier_type, created_at: t.created_at } as const;

/**
 * Search on name or country (escaped ilike, trigram indexed) and the carrier_type filter, both in SQL, so the total
 * counts what matches; ordered by name (ignoring case) by default. The shipment form's picker uses it with carrier_type and q.
 */
export async function listCarriers(db: Db, query: CarrierListQuery): Promise<Page<Carrier>> {
  const { q, page, pageSize, sort, carrier_type } = query;
  const dir = query.dir ?? (sort === 'created_at' ? 'desc' : 'asc');
  const where = and(carrier_type ? eq(t.carrier_type, carrier_type) : undefined, q ? or(ilike(t.name, q), ilike(t.country, q)) : undefined);
  // Text sorts ignore case (PGlite's C collation would put 'MSC' before 'Maersk'); name and id break ties.
  const key = sort === 'created_at' ? SORT[sort] : sql`lower(${SORT[sort]})`;
  const order = [dir === 'desc' ? desc(key) : asc(key), asc(sql`lower(${t.name})`), asc(t.name), asc(t.id)];
  const [rows, totals] = await Promise.all([
    db.select(columns).from(t).where(where).orderBy(...order).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return toPage(rows.map(toRow), Number(totals[0]?.total ?? 0), page, pageSize);
}

export async function getCarrier(db: Db, id: string): Promise<Carrier> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const [row] = await db.select(columns).from(t).where(eq(t.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toRow(row);
}

export async function createCarrier(db: Db, values: Values): Promise<Carrier> {
  const [row] = await db.insert(t).values(values).returning(columns);
  return toRow(row!);
}

export async function updateCarrier(db: Db, id: string, values: Values): Promise<Carrier> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const [row] = await db.update(t).set(values).where(eq(t.id, id)).returning(columns);
  if (!row) throw notFound(NOT_FOUND);
  return toRow(row);
}

/**
 * Deletes a carrier that no shipment uses; one that is in use answers 409 with the count (decision record 0121).
 * The check and the delete are one statement; the foreign key (on delete set null) covers a shipment saved meanwhile.
 */
export async function deleteCarrier(db: Db, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const unused = notExists(db.select({ one: sql`1` }).from(shipments).where(eq(shipments.carrier_id, id)));
  const deleted = await db.delete(t).where(and(eq(t.id, id), unused)).returning({ id: t.id });
  if (deleted.length > 0) return;
  const [carrier] = await db.select({ name: t.name }).from(t).where(eq(t.id, id));
  if (!carrier) throw notFound(NOT_FOUND);
  const [used] = await db.select({ n: count() }).from(shipments).where(eq(shipments.carrier_id, id));
  const n = Number(used?.n ?? 0);
  if (n === 0) {
    await db.delete(t).where(eq(t.id, id)); // the shipment that used it went away meanwhile
    return;
  }
  throw conflict(`${carrier.name} cannot be deleted: it is the carrier of ${n} shipment(s). Choose another carrier on those shipments first.`);
}
