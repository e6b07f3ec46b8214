import { sql } from 'drizzle-orm';
import { trgm, collated } from '../fold';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    address: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The buyer's VAT number on invoices (issue 38, migration 0033). */
    vat_number: text(),
    /** ISO 3166 alpha-2 country of the buyer's address. */
    country: text(),
    /** Days from an invoice's issue to its due day; null: the billing settings' default. */
    payment_terms_days: integer(),
    /** The language of what the portal sends the company: mails to its contacts, its papers and invoices (issue 42). */
    language: text().notNull().default('en'),
  },
  (t) => [index('companies_name_idx').on(collated(t.name), t.id), trgm('companies_name_trgm', t.name)],
);

/** Company contacts (the spec's customers table). A contact's email is how a customer user finds their company. */
export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    company_id: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    position: text(),
    phone: text(),
    is_primary_contact: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_company_idx').on(t.company_id, t.is_primary_contact, t.first_name),
    uniqueIndex('customers_email_unique').on(sql`lower(${t.email})`),
    // Who reads a mail (mail/audience.ts readerOf) looks a contact up by its trimmed address (migration 0058).
    index('customers_email_trimmed_idx').on(sql`lower(btrim(${t.email}))`),
  ],
);

export const pending_staff = pgTable(
  'pending_staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    full_name: text().notNull(),
    email: text().notNull(),
    role: text({ enum: ['admin', 'export', 'import'] }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_staff_email_unique').on(sql`lower(${t.email})`), index('pending_staff_created_idx').on(t.created_at)],
);

export const airports = pgTable(
  'airports',
  {
    id: uuid().primaryKey().defaultRandom(),
    iata_code: text().notNull().unique(),
    name: text().notNull(),
    iso_country: text().notNull(),
    municipality: text(),
  },
  (t) => [
    index('airports_name_idx').on(collated(t.name)),
    trgm('airports_name_trgm', t.name),
    trgm('airports_iata_trgm', t.iata_code),
    trgm('airports_municipality_trgm', t.municipality),
  ],
);

/** Sea ports (the spec's ports_data: 'Port Name', Country, UN Code). */
export const seaports = pgTable(
  'seaports',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    country: text().notNull(),
    un_code: text().unique(),
  },
  (t) => [
    index('seaports_name_idx').on(collated(t.name)),
    trgm('seaports_name_trgm', t.name),
    trgm('seaports_country_trgm', t.country),
    trgm('seaports_un_code_trgm', t.un_code),
  ],
);

const organisation = {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  country: text().notNull(),
  registration_number: text(),
  contact_email: text(),
  contact_phone: text(),
  website: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const carriers = pgTable(
  'carriers',
  {
    ...organisation,
    carrier_type: text({ enum: ['airline', 'shipping_line', 'trucking_company'] }).notNull(),
    /** Airlines: air waybill prefix ('235') and designator ('TK'); others: SCAC ('MAEU'); own divisor in cm³ per kg. */
    iata_prefix: text(),
    iata_code: text(),
    scac: text(),
    volumetric_divisor: integer(),
  },
  (t) => [
    index('carriers_type_name_idx').on(t.carrier_type, collated(t.name)),
    index('carriers_name_idx').on(collated(t.name)),
    trgm('carriers_name_trgm', t.name),
    trgm('carriers_country_trgm', t.country),
  ],
);

export const service_providers = pgTable(
  'service_providers',
  { ...organisation, service_type: text().notNull() },
  (t) => [
    index('service_providers_name_idx').on(collated(t.name)),
    trgm('service_providers_name_trgm', t.name),
    trgm('service_providers_country_trgm', t.country),
    trgm('service_providers_type_trgm', t.service_type),
  ],
);

export const consolidation_agents = pgTable(
  'consolidation_agents',
  { ...organisation },
  (t) => [
    index('consolidation_agents_name_idx').on(collated(t.name)),
    trgm('consolidation_agents_name_trgm', t.name),
    trgm('consolidation_agents_country_trgm', t.country),
  ],
);
