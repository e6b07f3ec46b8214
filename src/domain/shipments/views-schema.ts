/**
 * What the shipment API answers: the staff detail (everything, with joined names, containers and the
 * per-currency money), the customer detail (a whitelist: no internal notes, charges, costs, totals,
 * profit, or handler-internal fields) and the history rows.
 */
import { z } from 'zod';
import { CHARGE_FIELDS, COST_FIELDS, LOADING_TYPES, SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES } from '@domain/common/enums';
import { STATUS_MESSAGES } from './status';
import { pieceSchema } from '@domain/cargo/schema';
import { jobMoneySchema } from '@domain/billing/schema';

const text = () => z.string().nullable();
const num = () => z.number().nullable();
const time = () => z.string().nullable();

export const containerSchema = z.object({
  type: z.string(),
  number: z.string(),
  carrier_seal_number: z.string(),
  weight: z.number(),
  volume: z.number(),
  /** Number and kind of packages in it (issue 41). */
  packages_count: z.number().nullable(),
  package_type: z.string().nullable(),
  /** Its own free time in days; null takes the shipment's (issue 41). */
  free_days: z.number().nullable(),
});
export type Container = z.infer<typeof containerSchema>;
/** A container as the detail answers it: with the ISO 6346 size-type code of its type (null for an unknown type). */
export const containerViewSchema = containerSchema.extend({ iso_code: z.string().nullable() });
export type ContainerView = z.infer<typeof containerViewSchema>;

/** A problem of stored data that today's checks refuse (an old row): shown with a warning mark to staff. */
export const dataCheckSchema = z.object({ field: z.string(), message: z.string() });
export type DataCheck = z.infer<typeof dataCheckSchema>;

/**
 * Per currency, over all the shipment's charge lines (issue 38): revenue, cost, profit, margin in percent, billed and
 * unbilled revenue, as decimal strings with the currency's minor units; the cost is the actual one where supplier
 * bills are matched, beside the accrued view (issue 39).
 */
export const currencyTotalsSchema = jobMoneySchema;

const moneyFields = Object.fromEntries(
  [...CHARGE_FIELDS, ...COST_FIELDS].flatMap((f) => [
    [f, num()],
    [`${f}_currency`, z.string()],
  ]),
) as Record<(typeof CHARGE_FIELDS)[number] | (typeof COST_FIELDS)[number], ReturnType<typeof num>> &
  Record<`${(typeof CHARGE_FIELDS)[number] | (typeof COST_FIELDS)[number]}_currency`, z.ZodString>;

/** An estimated date's latest move (date-moves.ts); null when it never moved. */
const dateMoveSchema = z
  .object({
    /** The date it had before its latest move. */
    previous: z.string(),
    /** When it moved last. */
    moved_at: z.string(),
    /** How many times it has moved (since it was last set from none). */
    times: z.number().int(),
  })
  .nullable();

/** Fields a customer of the shipment's company may receive (everything else is staff only). */
const customerFields = {
  id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  transport_mode: z.enum(TRANSPORT_MODES).nullable(),
  loading_type: z.enum(LOADING_TYPES),
  priority: z.boolean(),
  trackable: z.boolean(),
  status: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
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
  estimated_departure: time(),
  estimated_arrival: time(),
  pickup_date: time(),
  delivery_date: time(),
  cargo_description: z.string(),
  cargo_value: num(),
  cargo_value_currency: z.string(),
  cargo_insurance_value: num(),
  cargo_insurance_value_currency: z.string(),
  package_type: text(),
  packages_count: z.number().int(),
  weight_gross: z.number(),
  weight_net: num(),
  volume: num(),
  length: num(),
  width: num(),
  height: num(),
  /** Dimension lines; volume is their sum when there are any. */
  pieces: z.array(pieceSchema),
  hs_code: text(),
  dangerous_goods: z.boolean(),
  un_number: text(),
  hazard_class: text(),
  packing_group: text(),
  tunnel_code: text(),
  temperature_controlled: z.boolean(),
  temperature_range_min: num(),
  temperature_range_max: num(),
  /** BL Number; also the tracking container code. */
  customer_reference: text(),
  /** The carrier's booking number (issue 18); customers see it. */
  carrier_booking_reference: text(),
  /** The customer's own reference, their purchase order (issue 45): from their request, or typed by staff. */
  po_number: text(),
  /** The house bill of lading (issue 41): our own B/L number (given at its first print) and its boxes. */
  house_bl_number: text(),
  freight_terms: text(),
  freight_payable_at: text(),
  shipped_on_board_date: time(),
  pre_carriage_by: text(),
  place_of_receipt: text(),
  on_carriage_by: text(),
  place_of_delivery: text(),
  marks_and_numbers: text(),
  shipper_account_number: text(),
  consignee_account_number: text(),
  /** Declared for carriage, in the cargo value's currency; null prints NVD. */
  declared_value_carriage: num(),
  sender_instructions: text(),
  cash_on_delivery: num(),
  cash_on_delivery_currency: z.string(),
  special_agreements: text(),
  trailer_plate_number: text(),
  /** The booking's cut-offs and depots; the arrival's terminal, free time (days) and release conditions (issue 41). */
  documents_cutoff: time(),
  vgm_cutoff: time(),
  port_cutoff: time(),
  empty_pickup_depot: text(),
  full_return_depot: text(),
  pickup_terminal: text(),
  free_time_days: num(),
  release_conditions: text(),
  container_number: text(),
  incoterm: text(),
  incoterm_place: text(),
  incoterm_version: z.string(),
  /** The parties of the papers: names and addresses (a directory company's as saved). */
  shipper_name: text(),
  shipper_address: text(),
  consignee_name: text(),
  consignee_address: text(),
  notify_name: text(),
  notify_address: text(),
  customs_status: text(),
  tracking_number: text(),
  tracking_url: text(),
  /** Visible to the customer. */
  special_instructions: text(),
  containers: z.array(containerViewSchema),
  /** TRACKING_EMBED_URL with {container} = the URL-encoded customer_reference; null without either. */
  tracking_embed_url: text(),
  /** How the estimated departure and arrival moved (issue 45), from the shipment's history; null for a date that never moved. */
  date_moves: z.object({ departure: dateMoveSchema, arrival: dateMoveSchema }),
  /** The booking request whose accepted quote made the shipment (issue 15), if one did. */
  request: z.object({ id: z.string(), number: z.string() }).nullable(),
};

/** GET /api/shipments/:id for a customer: parsed through this schema, so unlisted fields never leave the server. */
export const customerShipmentSchema = z.object(customerFields);
export type CustomerShipment = z.infer<typeof customerShipmentSchema>;

/** GET /api/shipments/:id (and the answer of create, edit and status change) for staff. */
export const shipmentDetailSchema = z.object({
  ...customerFields,
  carrier_id: text(),
  service_provider_id: text(),
  consolidation_agent_id: text(),
  handler_id: text(),
  updated_by: text(),
  /** Chargeable weight is the billing basis: staff only (no charge-named key reaches a customer); so is volumetric. */
  weight_chargeable: num(),
  weight_volumetric: num(),
  /** kg per m³ the volumetric weight was computed with (a carrier's own divisor, or the mode's default). */
  volumetric_factor: num(),
  /** '87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg' (sea and road: 'm³ x kg per m³'). */
  cargo_calculation: text(),
  /** The directory companies the parties were taken from. */
  shipper_company_id: text(),
  consignee_company_id: text(),
  notify_company_id: text(),
  /** Stored values that today's checks refuse (old rows): each with the message a save would give. */
  data_checks: z.array(dataCheckSchema),
  door_delivery: z.boolean().nullable(),
  stackable: z.boolean().nullable(),
  /** Free-text carrier name typed on the air form. */
  carrier_name: text(),
  vessel_name: text(),
  vessel_flag: text(),
  imo_number: text(),
  voyage_number: text(),
  seal_number: text(),
  truck_plate_number: text(),
  truck_type: text(),
  flight_number: text(),
  mawb_number: text(),
  hawb_number: text(),
  commodity_item_number: text(),
  /** The transfers after the first flight (routing.ts): airport, airline designator, flight, day. */
  onward_flights: z.array(z.object({ airport: z.string(), carrier: z.string(), flight_number: text(), departure_date: text() })),
  customs_declaration_number: text(),
  currency: z.string(),
  payment_terms: text(),
  payment_due_date: time(),
  internal_notes: text(),
  ...moneyFields,
  /** Joined names. */
  handler_full_name: text(),
  updated_by_full_name: text(),
  /** The carrier record's name and type (carrier_id). */
  carrier_record_name: text(),
  carrier_type: text(),
  service_provider_name: text(),
  consolidation_agent_name: text(),
  /** Per currency: total_revenue (charges), total_cost (actual), profit and margin_percent, with the accrued cost and the basis. */
  totals: z.array(currencyTotalsSchema),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

export const SHIPMENT_EVENT_KINDS = ['created', 'updated', 'status_changed', 'document_assigned', 'document_removed', 'handler_assigned'] as const;

const change = z.object({ from: z.unknown(), to: z.unknown() });

/** A history row for staff: who, when, what changed ({ field: { from, to } }). */
export const shipmentEventSchema = z.object({
  id: z.string(),
  kind: z.enum(SHIPMENT_EVENT_KINDS),
  changes: z.record(z.string(), change),
  actor_id: z.string().nullable(),
  actor_full_name: z.string().nullable(),
  created_at: z.string(),
});
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** A status milestone for customers: creation and status changes, no actor, no other field. */
export const customerShipmentEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['created', 'status_changed']),
  changes: z.object({ status: z.object({ from: z.string().nullable(), to: z.string() }) }),
  created_at: z.string(),
});
export type CustomerShipmentEvent = z.infer<typeof customerShipmentEventSchema>;

export const shipmentEventsSchema = z.object({ rows: z.array(z.union([shipmentEventSchema, customerShipmentEventSchema])) });

/** POST /api/shipments/:id/status */
export const statusChangeSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES, { message: STATUS_MESSAGES.unknownStatus }),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
