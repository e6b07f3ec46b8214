import { msg } from '@domain/common/i18n';
import { collated, collatedFor } from '@server/db/fold';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { readTogether } from '@server/db/customer-scope';
import { companies, shipments } from '@server/db/schema';
import { conflict, invalid, notFound } from '@server/http/errors';
import { serverLocales } from '@server/i18n';
import type { SessionUser } from '@server/http/context';
import { contains, offsetOf, sameText, toPage } from '@server/http/list';
import { customerCompanyId } from '@server/policy';
import {
  COMPANY_MESSAGES, hasShipmentsMessage, type Company, type CompanyOption, type CompanyPage, type CompanyShipmentPage,
} from '@domain/companies/schema';
import { UUID_PATTERN as UUID } from '@domain/common/ids';
import { isCustomer } from '@domain/access/permissions';

/**
 * The company a query is limited to: a customer's own company, or null for staff (every company).
 * Every read below puts it in the SQL, so another company's id is simply "not found".
 */
export type CompanyScope = string | null;

/** Staff see every company; a customer only their own (404 'Customer company not found' without one). */
export function scopeOf(user: SessionUser): CompanyScope {
  return isCustomer(user.role) ? customerCompanyId(user) : null;
}

/** A malformed id cannot name a row: answer 404 instead of letting PostgreSQL fail on the cast. */
export const isUuid = (id: string) => UUID.test(id);

/** PostgreSQL foreign-key violation (23503), e.g. a shipment added while its company is being deleted. */
function isForeignKeyViolation(e: unknown): boolean {
  let err: unknown = e;
  for (let depth = 0; err && depth < 4; depth++) {
    if ((err as { code?: string }).code === '23503') return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

const companyColumns = {
  id: companies.id,
  name: companies.name,
  address: companies.address,
  vat_number: companies.vat_number,
  country: companies.country,
  payment_terms_days: companies.payment_terms_days,
  language: companies.language,
  created_at: companies.created_at,
  // Written out with explicit qualifiers: drizzle leaves columns unqualified in a one-table select.
  contacts_count: sql<number>`(select count(*) from customers c where c.company_id = companies.id)::int`,
  shipments_count: sql<number>`(select count(*) from shipments s where s.company_id = companies.id)::int`,
};

type CompanyRow = {
  id: string; name: string; address: string | null; vat_number: string | null; country: string | null; payment_terms_days: number | null; language: string; created_at: Date; contacts_count: number; shipments_count: number };

const toCompany = (r: CompanyRow): Company => ({
  id: r.id,
  name: r.name,
  address: r.address,
  vat_number: r.vat_number,
  country: r.country,
  payment_terms_days: r.payment_terms_days,
  language: r.language,
  created_at: r.created_at.toISOString(),
  contacts_count: Number(r.contacts_count),
  shipments_count: Number(r.shipments_count),
});

const scoped = (scope: CompanyScope): SQL | undefined => (scope ? eq(companies.id, scope) : undefined);

export async function listCompanies(
  db: Db,
  query: { q: string; page: number; pageSize: number },
  scope: CompanyScope,
  locale = 'en',
): Promise<CompanyPage> {
  const where = and(query.q ? contains(companies.name, query.q) : undefined, scoped(scope));
  const [rows, totals] = await readTogether(db, [
    () =>
      db
        .select(companyColumns)
        .from(companies)
        .where(where)
        .orderBy(asc(collatedFor(companies.name, locale)), asc(companies.id))
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize)),
    () => db.select({ total: count() }).from(companies).where(where),
  ]);
  return toPage(rows.map(toCompany), Number(totals[0]?.total ?? 0), query.page, query.pageSize);
}

/** (id, name) of every company, ordered by name: the company pickers of the staff forms. */
export async function listCompanyOptions(db: Db, locale = 'en'): Promise<CompanyOption[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(collatedFor(companies.name, locale)), asc(companies.id));
}

/** Companies named like `name` (ignoring case and accents), other than `exclude`: what the form warns about; a few at most. */
export async function companiesNamed(db: Db, name: string, exclude?: string): Promise<CompanyOption[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(sameText(companies.name, name), exclude ? ne(companies.id, exclude) : undefined))
    .orderBy(asc(collated(companies.name)), asc(companies.id))
    .limit(5);
}

export async function getCompany(db: Db, id: string, scope: CompanyScope): Promise<Company> {
  if (!isUuid(id)) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, id), scoped(scope)));
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return toCompany(row);
}

/** 404 unless the company exists and is within the scope. */
export async function assertCompanyVisible(db: Db, id: string, scope: CompanyScope): Promise<void> {
  if (!isUuid(id)) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, id), scoped(scope)));
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
}

/** What a company's form writes: name and address, and the billing fields when given (absent: kept). */
type CompanyWrite = { name: string; address: string | null; vat_number?: string | null | undefined; country?: string | null | undefined; payment_terms_days?: number | null | undefined; language?: string | undefined };

const billingFields = (input: CompanyWrite) => ({
  ...(input.vat_number !== undefined ? { vat_number: input.vat_number } : {}),
  ...(input.country !== undefined ? { country: input.country } : {}),
  ...(input.payment_terms_days !== undefined ? { payment_terms_days: input.payment_terms_days } : {}),
  ...(input.language !== undefined ? { language: spokenLanguage(input.language) } : {}),
});

/** A language Cargodesk speaks (it has a catalog for it), or a 400 on the field. */
function spokenLanguage(language: string): string {
  const message = msg('Choose a language from the list.');
  if (!serverLocales().includes(language)) throw invalid(message, { language: message });
  return language;
}

export async function createCompany(db: Db, input: CompanyWrite): Promise<Company> {
  const [row] = await db.insert(companies).values({ name: input.name, address: input.address, ...billingFields(input) }).returning({ id: companies.id });
  return getCompany(db, row!.id, null);
}

export async function updateCompany(db: Db, id: string, input: CompanyWrite): Promise<Company> {
  if (!isUuid(id)) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const [row] = await db
    .update(companies)
    .set({ name: input.name, address: input.address, ...billingFields(input) })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return getCompany(db, id, null);
}

/**
 * Deletes a company and (by cascade) its contacts. A company that still has shipments is refused with 409 and
 * nothing is deleted: shipments are business records and keep their company (the foreign key restricts too).
 */
export async function deleteCompany(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(COMPANY_MESSAGES.companyNotFound);
  try {
    await db.transaction(async (tx) => {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
      if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
      const [n] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.company_id, id));
      const shipmentCount = Number(n?.n ?? 0);
      if (shipmentCount > 0) throw conflict(hasShipmentsMessage(shipmentCount));
      await tx.delete(companies).where(eq(companies.id, id));
    });
  } catch (e) {
    // A shipment created between the count and the delete: the foreign key refuses, and so do we.
    if (isForeignKeyViolation(e)) throw conflict(hasShipmentsMessage());
    throw e;
  }
}

/** The company's shipments, newest first, paged and counted in SQL. */
export async function listCompanyShipments(
  db: Db,
  companyId: string,
  query: { page: number; pageSize: number },
  scope: CompanyScope,
): Promise<CompanyShipmentPage> {
  await assertCompanyVisible(db, companyId, scope);
  const where = eq(shipments.company_id, companyId);
  const [rows, totals] = await readTogether(db, [
    () =>
      db
        .select({
          id: shipments.id,
          reference_number: shipments.reference_number,
          type: shipments.type,
          transport_mode: shipments.transport_mode,
          status: shipments.status,
          origin_city: shipments.origin_city,
          origin_country: shipments.origin_country,
          destination_city: shipments.destination_city,
          destination_country: shipments.destination_country,
          estimated_departure: shipments.estimated_departure,
          estimated_arrival: shipments.estimated_arrival,
          created_at: shipments.created_at,
        })
        .from(shipments)
        .where(where)
        .orderBy(desc(shipments.created_at), desc(shipments.id))
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize)),
    () => db.select({ total: count() }).from(shipments).where(where),
  ]);
  return toPage(
    rows.map((r) => ({
      ...r,
      estimated_departure: r.estimated_departure?.toISOString() ?? null,
      estimated_arrival: r.estimated_arrival?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
    Number(totals[0]?.total ?? 0),
    query.page,
    query.pageSize,
  );
}
