import {
  boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { carriers, companies, consolidation_agents, service_providers } from './directory';
import { sql } from 'drizzle-orm';
import type { Piece } from '@domain/cargo/measures';
import type { OnwardFlight } from '@domain/shipments/routing';

const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });
const measure = () => numeric({ precision: 14, scale: 3, mode: 'number' });
const currency = () => text().notNull().default('USD');
const ts = () => timestamp({ withTimezone: true });

export const shipments = pgTable(
  'shipments',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference_number: text().notNull(),
    type: text({ enum: ['air', 'sea', 'land', 'partial'] }).notNull(),
    transport_mode: text({ enum: ['air', 'sea', 'land'] }),
    loading_type: text({ enum: ['export', 'import'] }).notNull(),
    priority: boolean().notNull().default(false),
    trackable: boolean().notNull().default(false),
    status: text().notNull().default('in_progress'),
    company_id: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    carrier_id: uuid().references(() => carriers.id, { onDelete: 'set null' }),
    service_provider_id: uuid().references(() => service_providers.id, { onDelete: 'set null' }),
    consolidation_agent_id: uuid().references(() => consolidation_agents.id, { onDelete: 'set null' }),
    handler_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),

    origin_address: text(),
    origin_city: text(),
    origin_country: text(),
    origin_postal_code: text(),
    origin_airport: text(),
    origin_port: text(),
    destination_address: text(),
    destination_city: text(),
    destination_country: text(),
    destination_postal_code: text(),
    destination_airport: text(),
    destination_port: text(),

    estimated_departure: ts(),
    estimated_arrival: ts(),
    /** The estimated arrival's last move in days (later is positive) and when (migration 0019's trigger sets both). */
    arrival_shift_days: numeric({ precision: 7, scale: 1, mode: 'number' }),
    arrival_shifted_at: ts(),
    pickup_date: ts(),
    delivery_date: ts(),

    cargo_description: text().notNull(),
    cargo_value: money(),
    cargo_value_currency: currency(),
    cargo_insurance_value: money(),
    cargo_insurance_value_currency: currency(),
    package_type: text(),
    packages_count: integer().notNull(),
    weight_gross: measure().notNull(),
    weight_net: measure(),
    weight_chargeable: measure(),
    /** Computed from the volume (issue 14): kg, and the kg per m³ it was computed with. */
    weight_volumetric: measure(),
    volumetric_factor: numeric({ precision: 12, scale: 4, mode: 'number' }),
    volume: measure(),
    /** Dimension lines [{ count, length, width, height, unit, weight }] (decision 0210). */
    pieces: jsonb().$type<Piece[]>().notNull().default([]),
    hs_code: text(),
    un_number: text(),
    hazard_class: text(),
    length: measure(),
    width: measure(),
    height: measure(),
    dangerous_goods: boolean().notNull().default(false),
    temperature_controlled: boolean().notNull().default(false),
    temperature_range_min: measure(),
    temperature_range_max: measure(),

    customer_reference: text(),
    /** The customer's own reference, their purchase order (issue 45, migration 0056): from the request it was booked from. */
    po_number: text(),
    /** The carrier's booking number (issue 18): carrier events are matched by it too. */
    carrier_booking_reference: text(),
    door_delivery: boolean(),
    stackable: boolean(),
    carrier_name: text(),
    vessel_name: text(),
    vessel_flag: text(),
    imo_number: text(),
    voyage_number: text(),
    container_number: text(),
    seal_number: text(),
    truck_plate_number: text(),
    truck_type: text({ enum: ['box', 'flatbed', 'reefer', 'tanker', 'other'] }),
    flight_number: text(),
    mawb_number: text(),
    hawb_number: text(),
    commodity_item_number: text(),
    /** The onward flights after the first (issue 41; domain shipments/routing.ts), at most two. */
    onward_flights: jsonb().$type<OnwardFlight[]>().notNull().default([]),

    incoterm: text(),
    incoterm_place: text(),
    incoterm_version: text().notNull().default('2020'),
    /** The house bill of lading (issue 41, migration 0049): our own number, given from the series at its first print. */
    house_bl_number: text(),
    freight_terms: text({ enum: ['prepaid', 'collect'] }),
    freight_payable_at: text(),
    shipped_on_board_date: ts(),
    pre_carriage_by: text(),
    place_of_receipt: text(),
    on_carriage_by: text(),
    place_of_delivery: text(),
    marks_and_numbers: text(),
    /** The house air waybill's boxes (migration 0050): account numbers, the value declared for carriage (NVD if null). */
    shipper_account_number: text(),
    consignee_account_number: text(),
    declared_value_carriage: money(),
    /** The CMR's boxes (migration 0051): 13, 15 (with its currency), 19, and the trailer beside the truck (23). */
    sender_instructions: text(),
    cash_on_delivery: money(),
    cash_on_delivery_currency: currency(),
    special_agreements: text(),
    trailer_plate_number: text(),
    /** Issue 41 (migration 0052): the booking's cut-offs and depots, the arrival's terminal, free time and release. */
    documents_cutoff: ts(),
    vgm_cutoff: ts(),
    port_cutoff: ts(),
    empty_pickup_depot: text(),
    full_return_depot: text(),
    pickup_terminal: text(),
    /** Days free of demurrage from the day of arrival (a container's own free_days wins). */
    free_time_days: integer(),
    release_conditions: text(),
    /** The ADR entry's packing group (I, II, III) and tunnel restriction code ('D/E'), beside un_number and hazard_class. */
    packing_group: text({ enum: ['I', 'II', 'III'] }),
    tunnel_code: text(),
    /** The parties of the papers: a snapshot of a directory company's name and address, or free text (decision 0211). */
    shipper_company_id: uuid().references(() => companies.id, { onDelete: 'set null' }),
    shipper_name: text(),
    shipper_address: text(),
    consignee_company_id: uuid().references(() => companies.id, { onDelete: 'set null' }),
    consignee_name: text(),
    consignee_address: text(),
    notify_company_id: uuid().references(() => companies.id, { onDelete: 'set null' }),
    notify_name: text(),
    notify_address: text(),
    customs_declaration_number: text(),
    customs_status: text(),
    currency: currency(),
    payment_terms: text(),
    payment_due_date: ts(),
    tracking_number: text(),
    tracking_url: text(),
    special_instructions: text(),
    internal_notes: text(),
    // The sixteen charge and cost fields are lines of `charge_lines` since migration 0034 (decision record 0259).
  },
  (t) => [
    uniqueIndex('shipments_reference_unique').on(t.reference_number),
    uniqueIndex('shipments_house_bl_number_key').on(t.house_bl_number),
    index('shipments_created_idx').on(t.created_at.desc().nullsFirst(), t.id),
    index('shipments_status_created_idx').on(t.status, t.created_at.desc().nullsFirst(), t.id),
    index('shipments_type_created_idx').on(t.type, t.created_at.desc().nullsFirst(), t.id),
    index('shipments_type_status_idx').on(t.type, t.status),
    index('shipments_company_created_idx').on(t.company_id, t.created_at.desc().nullsFirst(), t.id),
    index('shipments_handler_created_idx').on(t.handler_id, t.created_at.desc().nullsFirst(), t.id),
    index('shipments_transport_mode_idx').on(t.transport_mode),
    // Carrier events are matched on container_number, upper(customer_reference) and upper(carrier_booking_reference):
    // migration 0028's btree indexes, not declared here.
    // On the stored folded columns of migration 0016 (reference_folded, cargo_description_folded), not declared here.
    index('shipments_reference_trgm').using('gin', sql`reference_folded gin_trgm_ops`),
    index('shipments_cargo_description_trgm').using('gin', sql`cargo_description_folded gin_trgm_ops`),
    // On the stored columns of migration 0017 (numbers_compact, places_folded), not declared here.
    index('shipments_numbers_trgm').using('gin', sql`numbers_compact gin_trgm_ops`),
    index('shipments_places_trgm').using('gin', sql`places_folded gin_trgm_ops`),
  ],
);

export const shipment_containers = pgTable(
  'shipment_containers',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().notNull(),
    number: text().notNull(),
    carrier_seal_number: text().notNull(),
    weight: measure().notNull().default(0),
    volume: measure().notNull().default(0),
    /** Number and kind of packages in this container (issue 41), printed on the house bill of lading. */
    packages_count: integer(),
    package_type: text(),
    /** This container's free time in days, when it differs from the shipment's (a reefer's shorter one). */
    free_days: integer(),
  },
  (t) => [
    index('shipment_containers_shipment_idx').on(t.shipment_id, t.position),
    index('shipment_containers_type_idx').on(t.type),
    // On number_compact, the stored column of migration 0017, not declared here.
    index('shipment_containers_number_trgm').using('gin', sql`number_compact gin_trgm_ops`),
  ],
);

/** One row per create, edit, status change, document assignment or removal: who, when, what changed. */
export const shipment_events = pgTable(
  'shipment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['created', 'updated', 'status_changed', 'document_assigned', 'document_removed', 'handler_assigned'] }).notNull(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipment_id, t.created_at)],
);

/**
 * Share-tracking links (issue 17, decision record 0228): the sha256 of each token, never the token; the company is
 * the shipment's, kept here so the customer row-level policy needs no join.
 */
export const share_links = pgTable(
  'share_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    company_id: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    token_hint: text().notNull(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
    expires_at: ts().notNull(),
    revoked_at: ts(),
    revoked_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    views: integer().notNull().default(0),
    last_viewed_at: ts(),
  },
  (t) => [uniqueIndex('share_links_token_hash_idx').on(t.token_hash), index('share_links_shipment_idx').on(t.shipment_id, t.created_at)],
);

/** Final documents a share link offers for download (issue 17 with issue 16's final versions; migration 0024). */
export const share_link_documents = pgTable(
  'share_link_documents',
  {
    share_link_id: uuid()
      .notNull()
      .references(() => share_links.id, { onDelete: 'cascade' }),
    document_name: text().notNull(),
    company_id: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'share_link_documents_pk', columns: [t.share_link_id, t.document_name] })],
);
