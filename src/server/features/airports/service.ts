import { collated } from '@server/db/fold';
import { asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { AIRPORT_MESSAGES, exactIataOf, type Airport } from '@domain/airports/schema';
import type { Page } from '@domain/common/list-schema';
import type { Db } from '@server/db/client';
import { airports, shipments } from '@server/db/schema';
import { deleteUnlessUsed, type InUseRule } from '@server/features/reference-delete';
import { conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { UUID_PATTERN as UUID } from '@domain/common/ids';

type AirportValues = Omit<Airport, 'id'>;


const columns = {
  id: airports.id,
  iata_code: airports.iata_code,
  name: airports.name,
  iso_country: airports.iso_country,
  municipality: airports.municipality,
};

/**
 * The airport list and picker: search on IATA code, name and city (ignoring case and accents, trigram indexed), an exact
 * IATA match first, then by name (IATA code breaks ties, so pages are stable). Paged and counted in SQL.
 */
export async function listAirports(db: Db, query: { q: string; page: number; pageSize: number }): Promise<Page<Airport>> {
  const { q, page, pageSize } = query;
  const where = q ? or(contains(airports.iata_code, q), contains(airports.name, q), contains(airports.municipality, q)) : undefined;
  const exact = exactIataOf(q);
  const order = [...(exact ? [desc(sql`${airports.iata_code} = ${exact}`)] : []), asc(collated(airports.name)), asc(airports.iata_code)];
  const [rows, totals] = await Promise.all([
    db.select(columns).from(airports).where(where).orderBy(...order).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(airports).where(where),
  ]);
  return toPage(rows, Number(totals[0]?.total ?? 0), page, pageSize);
}

export async function getAirport(db: Db, id: string): Promise<Airport> {
  if (!UUID.test(id)) throw notFound(AIRPORT_MESSAGES.notFound);
  const [row] = await db.select(columns).from(airports).where(eq(airports.id, id));
  if (!row) throw notFound(AIRPORT_MESSAGES.notFound);
  return row;
}

function duplicate(e: unknown, code: string): never {
  if (isUniqueViolation(e)) {
    const message = AIRPORT_MESSAGES.duplicate(code);
    throw conflict(message, { iata_code: message });
  }
  throw e;
}

export async function createAirport(db: Db, values: AirportValues): Promise<Airport> {
  try {
    const [row] = await db.insert(airports).values(values).returning(columns);
    return row!;
  } catch (e) {
    duplicate(e, values.iata_code);
  }
}

export async function updateAirport(db: Db, id: string, values: AirportValues): Promise<Airport> {
  if (!UUID.test(id)) throw notFound(AIRPORT_MESSAGES.notFound);
  try {
    const [row] = await db.update(airports).set(values).where(eq(airports.id, id)).returning(columns);
    if (!row) throw notFound(AIRPORT_MESSAGES.notFound);
    return row;
  } catch (e) {
    duplicate(e, values.iata_code);
  }
}

/** Shipments keep the IATA code of their origin and destination airports: one in use is not deleted (reference-delete.ts). */
const airportInUse: InUseRule<{ iata_code: string; name: string }> = {
  table: airports,
  columns: { iata_code: airports.iata_code, name: airports.name },
  notFound: AIRPORT_MESSAGES.notFound,
  usedBy: (a) => or(eq(shipments.origin_airport, a.iata_code), eq(shipments.destination_airport, a.iata_code))!,
  inUseMessage: (a, n) => AIRPORT_MESSAGES.inUse(a.name, a.iata_code, n),
};

export const deleteAirport = (db: Db, id: string) => deleteUnlessUsed(db, airportInUse, id);
