import { collated } from '@server/db/fold';
/**
 * The one list/get/create/update/delete of the three partner features (carriers, service providers, consolidation
 * agents): they share the organisation columns (name, country, registration_number, contact_email, contact_phone,
 * website; schema/directory.ts) and differ only in what `OrganisationServiceConfig` names. Routes stay in each feature.
 */
import { and, asc, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '@domain/common/list-schema';
import type { Db } from '@server/db/client';
import { type carriers, type consolidation_agents, type service_providers } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { deleteUnlessUsed, type InUseRule } from '@server/features/reference-delete';
import { UUID_PATTERN as UUID } from '@domain/common/ids';


export type PartnerTable = typeof carriers | typeof service_providers | typeof consolidation_agents;
/** The columns all three tables have; the queries below touch only these (extra columns come in through `extraColumns`). */
type OrganisationTable = typeof consolidation_agents;

type OrganisationQuery = ListQuery & { sort: string };

export type OrganisationServiceConfig<TQuery extends OrganisationQuery> = {
  table: PartnerTable;
  /** The 404 message, e.g. 'Carrier not found'. */
  notFound: string;
  /** Columns selected besides the organisation ones (carrier_type, service_type), placed before created_at. */
  extraColumns?: Record<string, PgColumn>;
  /** The whitelisted sort columns; text columns sort ignoring case, created_at newest first by default. */
  sortColumns: Record<TQuery['sort'], PgColumn>;
  /** The columns `q` searches (ignoring case and accents, or-ed). */
  searchColumns: PgColumn[];
  /** Further conditions from the query (and-ed before the search), e.g. the carrier_type filter. */
  filters?: (query: TQuery) => (SQL | undefined)[];
  /** The shipments column that refers to this partner: a partner in use is not deleted (decision record 0121). */
  usedBy: PgColumn;
  /** The 409 message for a partner that n shipments use. */
  inUseMessage: (name: string, n: number) => string;
};

type DbRow<TRow> = Omit<TRow, 'created_at'> & { created_at: Date };

/**
 * Builds the services of one partner table. TRow is the response row, TNew the create input and TUpdate the
 * edit input (the validated zod outputs); the insert and update write them as they are.
 */
export function createOrganisationService<TRow extends { created_at: string }, TQuery extends OrganisationQuery, TNew extends object, TUpdate extends object = TNew>(
  config: OrganisationServiceConfig<TQuery>,
) {
  const t = config.table as unknown as OrganisationTable;
  const columns = {
    id: t.id,
    name: t.name,
    country: t.country,
    registration_number: t.registration_number,
    contact_email: t.contact_email,
    contact_phone: t.contact_phone,
    website: t.website,
    ...config.extraColumns,
    created_at: t.created_at,
  };
  const toRow = (r: unknown): TRow => {
    const row = r as DbRow<TRow>;
    return { ...row, created_at: row.created_at.toISOString() } as unknown as TRow;
  };
  /** An id that is not a UUID cannot name a row: 404 without asking the database. */
  const checkId = (id: string) => {
    if (!UUID.test(id)) throw notFound(config.notFound);
  };

  /** Search and filters both in SQL, so the total counts what matches; ordered by name (ICU collation) by default. */
  async function list(db: Db, query: TQuery): Promise<Page<TRow>> {
    const { q, page, pageSize, sort } = query;
    const dir = query.dir ?? (sort === 'created_at' ? 'desc' : 'asc');
    const search = q ? or(...config.searchColumns.map((column) => contains(column, q))) : undefined;
    const where = and(...(config.filters?.(query) ?? []), search);
    // Text sorts by ICU's root collation (the database's C collation would put 'MSC' before 'Maersk'); name and id break ties.
    const column = config.sortColumns[sort as TQuery['sort']];
    const key = sort === 'created_at' ? column : collated(column);
    const order = [dir === 'desc' ? desc(key) : asc(key), asc(collated(t.name)), asc(t.id)];
    const [rows, totals] = await Promise.all([
      db.select(columns).from(t).where(where).orderBy(...order).limit(pageSize).offset(offsetOf(page, pageSize)),
      db.select({ total: count() }).from(t).where(where),
    ]);
    return toPage(rows.map(toRow), Number(totals[0]?.total ?? 0), page, pageSize);
  }

  async function get(db: Db, id: string): Promise<TRow> {
    checkId(id);
    const [row] = await db.select(columns).from(t).where(eq(t.id, id));
    if (!row) throw notFound(config.notFound);
    return toRow(row);
  }

  async function create(db: Db, values: TNew): Promise<TRow> {
    const [row] = await db.insert(t).values(values as OrganisationTable['$inferInsert']).returning(columns);
    return toRow(row!);
  }

  async function update(db: Db, id: string, values: TUpdate): Promise<TRow> {
    checkId(id);
    const [row] = await db.update(t).set(values as Partial<OrganisationTable['$inferInsert']>).where(eq(t.id, id)).returning(columns);
    if (!row) throw notFound(config.notFound);
    return toRow(row);
  }

  /** Deletes a partner that no shipment uses; one in use answers 409 with the count (the rule of reference-delete.ts). */
  const inUse: InUseRule<{ id: string; name: string }> = {
    table: t,
    columns: { id: t.id, name: t.name },
    notFound: config.notFound,
    usedBy: (partner) => eq(config.usedBy, partner.id),
    inUseMessage: (partner, n) => config.inUseMessage(partner.name, n),
  };
  const remove = (db: Db, id: string) => deleteUnlessUsed(db, inUse, id);

  return { columns, toRow, checkId, list, get, create, update, remove };
}
