import { and, asc, count, desc, eq, notExists, or, sql } from 'drizzle-orm';
import type { Page } from '../../../domain/list';
import { serviceTypeOnEditError, type ServiceProvider, type ServiceProviderListQuery, type serviceProviderCreateSchema, type serviceProviderUpdateSchema } from '../../../domain/partners';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { service_providers as t, shipments } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { ilike, offsetOf, toPage } from '../../http/list';

type Values = z.output<typeof serviceProviderUpdateSchema>;
type NewValues = z.output<typeof serviceProviderCreateSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Service provider not found';

const columns = {
  id: t.id,
  name: t.name,
  country: t.country,
  registration_number: t.registration_number,
  contact_email: t.contact_email,
  contact_phone: t.contact_phone,
  website: t.website,
  service_type: t.service_type,
  created_at: t.created_at,
};
type DbRow = { created_at: Date } & Omit<ServiceProvider, 'created_at'>;
const toRow = (r: DbRow): ServiceProvider => ({ ...r, created_at: r.created_at.toISOString() });

const SORT = { name: t.name, country: t.country, service_type: t.service_type, created_at: t.created_at } as const;

/** Search on name, country or service type (escaped ilike, trigram indexed), by name (ignoring case) by default; paged and counted in SQL. */
export async function listServiceProviders(db: Db, query: ServiceProviderListQuery): Promise<Page<ServiceProvider>> {
  const { q, page, pageSize, sort } = query;
  const dir = query.dir ?? (sort === 'created_at' ? 'desc' : 'asc');
  const where = q ? or(ilike(t.name, q), ilike(t.country, q), ilike(t.service_type, q)) : undefined;
  // Text sorts ignore case (PGlite's C collation would put 'MSC' before 'Maersk'); name and id break ties.
  const key = sort === 'created_at' ? SORT[sort] : sql`lower(${SORT[sort]})`;
  const order = [dir === 'desc' ? desc(key) : asc(key), asc(sql`lower(${t.name})`), asc(t.name), asc(t.id)];
  const [rows, totals] = await Promise.all([
    db.select(columns).from(t).where(where).orderBy(...order).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return toPage(rows.map(toRow), Number(totals[0]?.total ?? 0), page, pageSize);
}

export async function getServiceProvider(db: Db, id: string): Promise<ServiceProvider> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const [row] = await db.select(columns).from(t).where(eq(t.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toRow(row);
}

export async function createServiceProvider(db: Db, values: NewValues): Promise<ServiceProvider> {
  const [row] = await db.insert(t).values(values).returning(columns);
  return toRow(row!);
}

/**
 * Editing offers every service type but Consolidation Agent; a provider that already has it (or an older type)
 * keeps it (decision record 0122). The check reads the stored type in the same transaction, locked.
 */
export async function updateServiceProvider(db: Db, id: string, values: Values): Promise<ServiceProvider> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ service_type: t.service_type }).from(t).where(eq(t.id, id)).for('update');
    if (!current) throw notFound(NOT_FOUND);
    const error = serviceTypeOnEditError(values.service_type, current.service_type);
    if (error) throw invalid(error, { service_type: error });
    const [row] = await tx.update(t).set(values).where(eq(t.id, id)).returning(columns);
    return toRow(row!);
  });
}

/**
 * Deletes a service provider that no shipment uses; one that is in use answers 409 with the count (decision record 0121).
 * The check and the delete are one statement; the foreign key (on delete set null) covers a shipment saved meanwhile.
 */
export async function deleteServiceProvider(db: Db, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const unused = notExists(db.select({ one: sql`1` }).from(shipments).where(eq(shipments.service_provider_id, id)));
  const deleted = await db.delete(t).where(and(eq(t.id, id), unused)).returning({ id: t.id });
  if (deleted.length > 0) return;
  const [provider] = await db.select({ name: t.name }).from(t).where(eq(t.id, id));
  if (!provider) throw notFound(NOT_FOUND);
  const [used] = await db.select({ n: count() }).from(shipments).where(eq(shipments.service_provider_id, id));
  const n = Number(used?.n ?? 0);
  if (n === 0) {
    await db.delete(t).where(eq(t.id, id)); // the shipment that used it went away meanwhile
    return;
  }
  throw conflict(`${provider.name} cannot be deleted: it is the service provider of ${n} shipment(s). Choose another service provider on those shipments first.`);
}
