import { collated } from '@server/db/fold';
import { asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Page } from '@domain/common/list-schema';
import { SEAPORT_MESSAGES, exactUnCodeOf, type Seaport } from '@domain/seaports/schema';
import type { Db } from '@server/db/client';
import { seaports, shipments } from '@server/db/schema';
import { deleteUnlessUsed, type InUseRule } from '@server/features/reference-delete';
import { conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { UUID_PATTERN as UUID } from '@domain/common/ids';

type SeaportValues = Omit<Seaport, 'id'>;


const columns = { id: seaports.id, name: seaports.name, country: seaports.country, un_code: seaports.un_code };

/**
 * The sea port list and picker: search on Port Name, Country and UN Code (ignoring case and accents, trigram indexed),
 * an exact UN code match first, then by Port Name (country and UN code break ties, so pages are stable).
 */
export async function listSeaports(db: Db, query: { q: string; page: number; pageSize: number }): Promise<Page<Seaport>> {
  const { q, page, pageSize } = query;
  const where = q ? or(contains(seaports.name, q), contains(seaports.country, q), contains(seaports.un_code, q)) : undefined;
  const exact = exactUnCodeOf(q);
  const order = [
    ...(exact ? [desc(sql`${seaports.un_code} is not distinct from ${exact}`)] : []),
    asc(collated(seaports.name)),
    asc(seaports.country),
    sql`${seaports.un_code} asc nulls last`,
    asc(seaports.id),
  ];
  const [rows, totals] = await Promise.all([
    db.select(columns).from(seaports).where(where).orderBy(...order).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(seaports).where(where),
  ]);
  return toPage(rows, Number(totals[0]?.total ?? 0), page, pageSize);
}

export async function getSeaport(db: Db, id: string): Promise<Seaport> {
  if (!UUID.test(id)) throw notFound(SEAPORT_MESSAGES.notFound);
  const [row] = await db.select(columns).from(seaports).where(eq(seaports.id, id));
  if (!row) throw notFound(SEAPORT_MESSAGES.notFound);
  return row;
}

function duplicate(e: unknown, code: string | null): never {
  if (code && isUniqueViolation(e)) {
    const message = SEAPORT_MESSAGES.duplicate(code);
    throw conflict(message, { un_code: message });
  }
  throw e;
}

export async function createSeaport(db: Db, values: SeaportValues): Promise<Seaport> {
  try {
    const [row] = await db.insert(seaports).values(values).returning(columns);
    return row!;
  } catch (e) {
    duplicate(e, values.un_code);
  }
}

export async function updateSeaport(db: Db, id: string, values: SeaportValues): Promise<Seaport> {
  if (!UUID.test(id)) throw notFound(SEAPORT_MESSAGES.notFound);
  try {
    const [row] = await db.update(seaports).set(values).where(eq(seaports.id, id)).returning(columns);
    if (!row) throw notFound(SEAPORT_MESSAGES.notFound);
    return row;
  } catch (e) {
    duplicate(e, values.un_code);
  }
}

/**
 * Shipments keep the name of their origin and destination ports, not the record: a port whose name a shipment holds is
 * not deleted (reference-delete.ts). A name two countries share protects both records, the safe side.
 */
const portInUse: InUseRule<{ name: string }> = {
  table: seaports,
  columns: { name: seaports.name },
  notFound: SEAPORT_MESSAGES.notFound,
  usedBy: (p) => or(eq(shipments.origin_port, p.name), eq(shipments.destination_port, p.name))!,
  inUseMessage: (p, n) => SEAPORT_MESSAGES.inUse(p.name, n),
};

export const deleteSeaport = (db: Db, id: string) => deleteUnlessUsed(db, portInUse, id);
