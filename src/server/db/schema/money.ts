import { type AnyPgColumn, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './directory';
import { requests } from './requests';
import { shipments } from './shipments';

/**
 * Exchange rates by source, day and currency (issue 38, migration 0032): 1 EUR = rate units of the currency, as the
 * ECB publishes them. `numeric` without a scale keeps the rate as written (0.87980 keeps its zero).
 */
export const exchange_rates = pgTable(
  'exchange_rates',
  {
    source: text({ enum: ['ECB', 'MANUAL'] }).notNull(),
    rate_date: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    rate: numeric().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.source, t.currency, t.rate_date] }), index('exchange_rates_day_idx').on(t.rate_date)],
);

/*
 * Billing (issue 38, migration 0033, decision record 0258). Amounts are `numeric` read as decimal strings (mode
 * 'string'): never a binary float. Row security and the immutability trigger of issued invoices are in the migration.
 */
const amount = () => numeric({ precision: 20, scale: 4, mode: 'string' });
const quantity = () => numeric({ precision: 18, scale: 6, mode: 'string' });
const price = () => numeric({ precision: 20, scale: 6, mode: 'string' });
const vatRate = () => numeric({ precision: 5, scale: 2, mode: 'string' });
const ts = () => timestamp({ withTimezone: true });

/** The forwarder's billing identity and defaults: exactly one row (id = 1). */
export const billing_settings = pgTable('billing_settings', {
  id: smallint().primaryKey().default(1),
  legal_name: text().notNull().default(''),
  address: text().notNull().default(''),
  country: text().notNull().default('TR'),
  vat_number: text().notNull().default(''),
  tax_office: text().notNull().default(''),
  iban: text().notNull().default(''),
  bic: text().notNull().default(''),
  bank_name: text().notNull().default(''),
  payment_terms_days: integer().notNull().default(30),
  default_currency: text().notNull().default('EUR'),
  default_vat_category: text().notNull().default('S'),
  default_vat_rate: vatRate().notNull().default('20'),
  default_exemption_reason: text().notNull().default(''),
  invoice_note: text().notNull().default(''),
  /** Rates (migration 0046): a higher weight break where it costs less; an indicative price on a customer's request. */
  rates_next_break: boolean().notNull().default(true),
  rates_indicative_price: boolean().notNull().default(false),
  updated_at: ts().notNull().defaultNow(),
  updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** Charge codes (FRT, BAF, THC ...), each of one category; administrators extend the list. */
export const charge_codes = pgTable('charge_codes', {
  code: text().primaryKey(),
  category: text().notNull(),
  name: text().notNull(),
  active: boolean().notNull().default(true),
  created_at: ts().notNull().defaultNow(),
});

/** A document-level allowance or charge as stored: decimal strings, the kind, reason and VAT of each. */
export type StoredAdjustment = { kind: 'allowance' | 'charge'; reason: string; amount: string; vat_category: string; vat_rate: string; exemption_reason: string | null };

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['invoice', 'credit_note'] }).notNull(),
    status: text({ enum: ['draft', 'issued'] }).notNull().default('draft'),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    number: text().unique(),
    currency: text().notNull(),
    rate_date: date({ mode: 'string' }),
    issue_date: date({ mode: 'string' }),
    due_date: date({ mode: 'string' }),
    credited_invoice_id: uuid().references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    buyer_reference: text(),
    note: text(),
    lines_total: amount().notNull().default('0'),
    tax_exclusive: amount().notNull().default('0'),
    tax_total: amount().notNull().default('0'),
    tax_inclusive: amount().notNull().default('0'),
    payable: amount().notNull().default('0'),
    tax_subtotals: jsonb().$type<{ category: string; rate: string; taxable: string; tax: string; exemption_reason?: string | null }[]>().notNull().default([]),
    /** Document-level allowances and charges (migration 0041). */
    adjustments: jsonb().$type<StoredAdjustment[]>().notNull().default([]),
    seller: jsonb().$type<Record<string, string>>(),
    buyer: jsonb().$type<Record<string, string>>(),
    created_at: ts().notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    updated_at: ts().notNull().defaultNow(),
    issued_at: ts(),
    issued_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invoices_list_idx').on(t.issue_date.desc().nullsFirst(), t.id.desc()),
    index('invoices_company_idx').on(t.company_id, t.issue_date.desc().nullsFirst(), t.id.desc()),
  ],
);

export const invoice_lines = pgTable(
  'invoice_lines',
  {
    invoice_id: uuid().notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: quantity().notNull(),
    unit: text().notNull().default('shipment'),
    unit_price: price().notNull(),
    net: amount().notNull(),
    vat_category: text().notNull(),
    vat_rate: vatRate().notNull(),
    exemption_reason: text(),
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    charge_line_id: uuid(),
    source_amount: amount(),
    source_currency: text(),
    exchange_rate: numeric(),
    exchange_rate_date: date({ mode: 'string' }),
  },
  (t) => [primaryKey({ name: 'invoice_lines_pk', columns: [t.invoice_id, t.position] })],
);

/** A shipment's or a quote's money, one line each: sell (a charge) or buy (a cost from a supplier). */
export const charge_lines = pgTable('charge_lines', {
  id: uuid().primaryKey().defaultRandom(),
  shipment_id: uuid().references(() => shipments.id, { onDelete: 'cascade' }),
  request_id: uuid().references(() => requests.id, { onDelete: 'cascade' }),
  position: integer().notNull().default(0),
  side: text({ enum: ['sell', 'buy'] }).notNull(),
  category: text().notNull(),
  code: text().references(() => charge_codes.code, { onUpdate: 'cascade', onDelete: 'set null' }),
  description: text(),
  quantity: quantity().notNull().default('1'),
  unit: text({ enum: ['shipment', 'container', 'kg', 'wm'] }).notNull().default('shipment'),
  unit_price: price().notNull(),
  amount: amount().notNull(),
  currency: text().notNull(),
  vat_category: text(),
  vat_rate: vatRate(),
  exemption_reason: text(),
  supplier_kind: text({ enum: ['carrier', 'agent', 'service_provider'] }),
  supplier_id: uuid(),
  /** The seed's field this line stands for (service_charge ... other_costs): one per field and shipment. */
  field: text(),
  invoice_id: uuid().references(() => invoices.id, { onDelete: 'set null' }),
  created_at: ts().notNull().defaultNow(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts().notNull().defaultNow(),
});

/** The last number given per series and year: gapless, handed out under the row's lock while issuing. */
export const document_series = pgTable(
  'document_series',
  { series: text().notNull(), year: integer().notNull(), last: integer().notNull() },
  (t) => [primaryKey({ name: 'document_series_pk', columns: [t.series, t.year] })],
);

/** Money received: applied to one invoice, or a credit on the company's account. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    invoice_id: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    received_on: date({ mode: 'string' }).notNull(),
    amount: amount().notNull(),
    currency: text().notNull(),
    method: text({ enum: ['bank_transfer', 'card', 'cash', 'cheque', 'other'] }).notNull(),
    reference: text(),
    note: text(),
    created_at: ts().notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('payments_company_idx').on(t.company_id, t.received_on)],
);
