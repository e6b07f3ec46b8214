/**
 * The shipment create/edit body (spec sections 3 and 5). One schema for POST /api/shipments and
 * PUT /api/shipments/:id, imported by the web form. It parses and types values; the required fields and
 * their order are checked by `validateShipmentForm` (shipments/rules.ts), the transport data is kept or
 * cleared by `normalizeShipment`.
 */
import { z } from 'zod';
import { PARTY_LABELS, PARTY_ROLES, type PartyRole } from './labels';
import {
  CHARGE_FIELDS, CONTAINER_TYPES, COST_FIELDS, CURRENCIES, CUSTOMS_STATUSES, DEFAULT_CURRENCY, FREIGHT_TERMS, INCOTERMS, LOADING_TYPES,
  PACKAGE_TYPES, PACKING_GROUPS, TUNNEL_CODES, PAYMENT_TERMS, SHIPMENT_TYPES, TRANSPORT_MODES, TRUCK_TYPES, type ChargeField, type CostField,
} from '@domain/common/enums';
import {
  CHARGE_LABELS, COST_LABELS, currencyCode, flag, isBlank, optionalChoice, optionalDateTime, optionalId, optionalNumber,
  optionalText,
} from './fields-schema';
import { piecesInputSchema } from '@domain/cargo/schema';
import { MAX_MEASURE, MAX_VOLUME } from '@domain/cargo/measures';
import { commodityItemProblem, formatMawb, hsCodeProblem, normalizeContainerNumber, normalizeHsCode, normalizeUnNumber } from '@domain/cargo/trade-numbers';
import { msg } from '@domain/common/i18n';
import { onwardFlightsSchema } from './routing';

/** numeric(14,2): at most 12 digits before the point. */
export const MAX_MONEY = 999_999_999_999.99;
export { MAX_MEASURE } from '@domain/cargo/measures';
export const MAX_PACKAGES = 1_000_000;
export const MAX_CONTAINERS = 50;
/** A free time longer than a year is a typing error. */
export const MAX_FREE_DAYS = 365;

const money = (label: string, fallback: number | null = null) => optionalNumber(label, { max: MAX_MONEY, decimals: 2, fallback });
const measure = (label: string) => optionalNumber(label, { max: MAX_MEASURE, decimals: 3 });
const temperature = (label: string) => optionalNumber(label, { min: -273, max: 1000, decimals: 3 });
const currencyOf = (label: string) => currencyCode(`${label} Currency`, CURRENCIES, DEFAULT_CURRENCY);

const requiredText = (message: string, max: number) =>
  // eslint-disable-next-line no-restricted-syntax -- the part of the message taken off to name the field, not a text
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string({ message }).min(1, message).max(max, `${message.replace(' is required', '')} must be at most ${max} characters`));

/** Optional text, normalised by `normalize` (the stored form: 'CSQU3054383', '020-12345675', 'UN1263'). */
function normalizedText(label: string, max: number, normalize: (v: string) => string) {
  return optionalText(label, max).transform((v) => (v === null ? null : normalize(v)));
}

/** An optional code checked whatever the transport (HS code): normalised, then refused with `problem`'s message. */
function checkedCode(label: string, max: number, normalize: (v: string) => string, problem: (v: string) => string | null) {
  return normalizedText(label, max, normalize).superRefine((v, ctx) => {
    const message = v === null ? null : problem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** One container row of a sea shipment (spec section 3: type, number, carrier_seal_number, weight, volume). */
export const containerInputSchema = z.object({
  type: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(CONTAINER_TYPES, { message: msg('Container Type is required') })),
  /** Upper case without spaces or dashes; its ISO 6346 check is a sea rule (validateShipmentForm). */
  number: requiredText(msg('Container Number is required'), 50).transform(normalizeContainerNumber),
  carrier_seal_number: requiredText(msg('Carrier Seal Number is required'), 50),
  weight: optionalNumber(msg('Container Weight'), { max: MAX_MEASURE, decimals: 3, fallback: 0 }).transform((n) => n ?? 0),
  volume: optionalNumber(msg('Container Volume'), { max: MAX_MEASURE, decimals: 3, fallback: 0 }).transform((n) => n ?? 0),
  /** Number and kind of packages in it (issue 41), printed on the house bill of lading. */
  packages_count: optionalNumber(msg('Container Packages'), { max: MAX_PACKAGES, integer: true }),
  package_type: optionalChoice(msg('Container Package Type'), PACKAGE_TYPES),
  /** Its own free time in days when it differs from the shipment's (a reefer's shorter one). */
  free_days: optionalNumber(msg('Container Free Days'), { max: MAX_FREE_DAYS, integer: true }),
});
export type ContainerInput = z.output<typeof containerInputSchema>;

/** A blank container as the form adds it (weight and volume 0). */
export function blankContainer(): z.input<typeof containerInputSchema> {
  return { type: '', number: '', carrier_seal_number: '', weight: 0, volume: 0, packages_count: '', package_type: '', free_days: '' };
}

export const INCOTERMS_VERSIONS = ['2020', '2010'] as const;
export const DEFAULT_INCOTERMS_VERSION = '2020';


/**
 * Each party is a company of the directory (`_company_id`: the server copies its name and address onto the shipment
 * when saving) or a free name and address.
 */
const parties = Object.fromEntries(
  PARTY_ROLES.flatMap((p) => [
    [`${p}_company_id`, optionalId(`${PARTY_LABELS[p]} Company`)],
    [`${p}_name`, optionalText(`${PARTY_LABELS[p]} Name`, 200)],
    [`${p}_address`, optionalText(`${PARTY_LABELS[p]} Address`, 1000)],
  ]),
) as { [K in `${PartyRole}_company_id`]: ReturnType<typeof optionalId> } & { [K in `${PartyRole}_${'name' | 'address'}`]: ReturnType<typeof optionalText> };

const charges = Object.fromEntries(
  CHARGE_FIELDS.flatMap((f) => [
    [f, money(CHARGE_LABELS[f], 0)],
    [`${f}_currency`, currencyOf(CHARGE_LABELS[f])],
  ]),
) as { [K in ChargeField]: ReturnType<typeof money> } & { [K in `${ChargeField}_currency`]: ReturnType<typeof currencyOf> };

const costs = Object.fromEntries(
  COST_FIELDS.flatMap((f) => [
    [f, money(COST_LABELS[f], 0)],
    [`${f}_currency`, currencyOf(COST_LABELS[f])],
  ]),
) as { [K in CostField]: ReturnType<typeof money> } & { [K in `${CostField}_currency`]: ReturnType<typeof currencyOf> };

/**
 * The create/edit body. Unknown keys (status, handler_id, updated_by, the computed total_cost,
 * total_revenue, profit_margin, ...) are dropped, so a client cannot set them.
 */
export const shipmentInputSchema = z.object({
  type: z.preprocess((v) => (isBlank(v) ? 'air' : v), z.enum(SHIPMENT_TYPES, { message: msg('Type must be air, sea, land or partial') })),
  transport_mode: optionalChoice(msg('Transport Mode'), TRANSPORT_MODES),
  /** Admins must choose it; export and import handlers always get their own role (server side). */
  loading_type: optionalChoice(msg('Loading Type'), LOADING_TYPES),
  priority: flag(msg('Priority')),
  trackable: flag(msg('Trackable')),

  reference_number: optionalText(msg('Reference Number'), 100),
  company_id: optionalId(msg('Company')),
  carrier_id: optionalId(msg('Carrier')),
  service_provider_id: optionalId(msg('Service Provider')),
  consolidation_agent_id: optionalId(msg('Consolidation Agent')),
  customer_reference: optionalText(msg('BL Number'), 100),
  /** The customer's purchase order number (issue 45). */
  po_number: optionalText(msg('PO Number'), 100),
  /** The carrier's booking number (issue 18): DCSA carrier events are matched by it. */
  carrier_booking_reference: optionalText(msg('Carrier Booking Reference'), 100),

  origin_address: optionalText(msg('Origin Address'), 500),
  origin_city: optionalText(msg('Origin City')),
  origin_country: optionalText(msg('Origin Country')),
  origin_postal_code: optionalText(msg('Origin Postal Code'), 20),
  origin_airport: optionalText(msg('Origin Airport')),
  origin_port: optionalText(msg('Origin Port')),
  /** The chosen origin port's country (from the port record; not stored, it becomes origin_country for sea). */
  origin_port_country: optionalText(msg('Origin Port Country')),
  destination_address: optionalText(msg('Destination Address'), 500),
  destination_city: optionalText(msg('Destination City')),
  destination_country: optionalText(msg('Destination Country')),
  destination_postal_code: optionalText(msg('Destination Postal Code'), 20),
  destination_airport: optionalText(msg('Destination Airport')),
  destination_port: optionalText(msg('Destination Port')),
  destination_port_country: optionalText(msg('Destination Port Country')),

  estimated_departure: optionalDateTime(msg('Estimated Departure')),
  estimated_arrival: optionalDateTime(msg('Estimated Arrival')),
  pickup_date: optionalDateTime(msg('Pickup Date')),
  delivery_date: optionalDateTime(msg('Delivery Date')),

  cargo_description: optionalText(msg('Cargo Description'), 2000),
  cargo_value: money(msg('Cargo Value')),
  cargo_value_currency: currencyOf(msg('Cargo Value')),
  cargo_insurance_value: money(msg('Insurance Value')),
  cargo_insurance_value_currency: currencyOf(msg('Insurance Value')),
  package_type: optionalChoice(msg('Package Type'), PACKAGE_TYPES),
  packages_count: optionalNumber(msg('Number of Packages'), { max: MAX_PACKAGES, integer: true }),
  weight_gross: measure(msg('Gross Weight')),
  weight_net: measure(msg('Net Weight')),
  /** Used only without dimension lines; with lines the server computes it (weight_volumetric, weight_chargeable too). */
  volume: optionalNumber(msg('Volume'), { max: MAX_VOLUME, decimals: 3 }),
  /** Dimension lines (cargo/measures.ts). */
  pieces: piecesInputSchema,
  length: measure(msg('Length')),
  width: measure(msg('Width')),
  height: measure(msg('Height')),
  dangerous_goods: flag(msg('Dangerous Goods')),
  /** Asked for and checked when dangerous_goods (validateShipmentForm); 'UN1263'. */
  un_number: normalizedText(msg('UN Number'), 20, normalizeUnNumber),
  hazard_class: optionalText(msg('Hazard Class'), 10),
  /** The rest of the ADR entry (issue 41): packing group and tunnel restriction code. */
  packing_group: optionalChoice(msg('Packing Group'), PACKING_GROUPS),
  tunnel_code: optionalChoice(msg('Tunnel Restriction Code'), TUNNEL_CODES),
  /** Digits only ('62046200'); dots and spaces are allowed on input. */
  hs_code: checkedCode(msg('HS Code'), 20, normalizeHsCode, hsCodeProblem),
  temperature_controlled: flag(msg('Temperature Controlled')),
  temperature_range_min: temperature(msg('Minimum Temperature')),
  temperature_range_max: temperature(msg('Maximum Temperature')),

  door_delivery: flag(msg('Door Delivery')),
  stackable: flag(msg('Stackable')),
  carrier_name: optionalText(msg('Carrier Name')),
  vessel_name: optionalText(msg('Vessel Name')),
  vessel_flag: optionalText(msg('Vessel Flag'), 100),
  imo_number: optionalText(msg('IMO Number'), 20),
  voyage_number: optionalText(msg('Voyage Number'), 50),
  /** Checked (ISO 6346) for sea transport by validateShipmentForm. */
  container_number: normalizedText(msg('Container Number'), 50, normalizeContainerNumber),
  seal_number: optionalText(msg('Seal Number'), 50),
  truck_plate_number: optionalText(msg('Truck Plate Number'), 50),
  truck_type: optionalChoice(msg('Truck Type'), TRUCK_TYPES),
  flight_number: optionalText(msg('Flight Number'), 20),
  /** Stored as '020-12345675'; checked for air transport by validateShipmentForm, its prefix against the airline's on the server. */
  mawb_number: normalizedText(msg('MAWB Number'), 50, formatMawb),
  hawb_number: optionalText(msg('HAWB Number'), 50),
  /** The specific commodity rate's item number (IATA, four digits), printed in the air waybill's rating (class C). */
  commodity_item_number: checkedCode(msg('Commodity Item Number'), 10, (v) => v.replace(/\s/g, ''), commodityItemProblem),
  /** The transfers after the first flight (at most two; shipments/routing.ts). */
  onward_flights: onwardFlightsSchema,

  incoterm: optionalChoice(msg('Incoterm'), INCOTERMS),
  /** The named place ('Istanbul'); required when an incoterm is chosen (validateShipmentForm). */
  incoterm_place: optionalText(msg('Incoterm Place'), 200),
  incoterm_version: z.preprocess((v) => (isBlank(v) ? DEFAULT_INCOTERMS_VERSION : v), z.enum(INCOTERMS_VERSIONS, { message: msg('Incoterms Version must be 2020 or 2010') })),

  /** The bill of lading's own boxes (issue 41): freight terms, carriage before and after the main leg, marks. */
  freight_terms: optionalChoice(msg('Freight Terms'), FREIGHT_TERMS),
  freight_payable_at: optionalText(msg('Freight Payable At'), 200),
  shipped_on_board_date: optionalDateTime(msg('Shipped on Board Date')),
  pre_carriage_by: optionalText(msg('Pre-carriage By'), 200),
  place_of_receipt: optionalText(msg('Place of Receipt'), 200),
  on_carriage_by: optionalText(msg('On-carriage By'), 200),
  place_of_delivery: optionalText(msg('Place of Delivery'), 200),
  marks_and_numbers: optionalText(msg('Marks and Numbers'), 2000),
  /** The house air waybill's boxes: account numbers, and a value declared for carriage (NVD when empty). */
  shipper_account_number: optionalText(msg('Shipper Account Number'), 50),
  consignee_account_number: optionalText(msg('Consignee Account Number'), 50),
  declared_value_carriage: money(msg('Declared Value for Carriage')),
  /** The CMR's boxes: sender's instructions (13), cash on delivery (15), special agreements (19), the trailer (23). */
  sender_instructions: optionalText(msg("Sender's Instructions"), 2000),
  cash_on_delivery: money(msg('Cash on Delivery')),
  cash_on_delivery_currency: currencyOf(msg('Cash on Delivery')),
  special_agreements: optionalText(msg('Special Agreements'), 2000),
  trailer_plate_number: optionalText(msg('Trailer Plate Number'), 50),
  /** The booking confirmation's cut-offs and depots, the arrival notice's terminal, free time and release (issue 41). */
  documents_cutoff: optionalDateTime(msg('Documents Cut-off')),
  vgm_cutoff: optionalDateTime(msg('VGM Cut-off')),
  port_cutoff: optionalDateTime(msg('Port Cut-off')),
  empty_pickup_depot: optionalText(msg('Empty Pick-up Depot'), 200),
  full_return_depot: optionalText(msg('Full Return Depot'), 200),
  pickup_terminal: optionalText(msg('Pick-up Terminal or CFS'), 200),
  free_time_days: optionalNumber(msg('Free Time (days)'), { max: MAX_FREE_DAYS, integer: true }),
  release_conditions: optionalText(msg('Release Conditions'), 2000),

  ...parties,
  customs_declaration_number: optionalText(msg('Customs Declaration Number'), 100),
  customs_status: optionalChoice(msg('Customs Status'), CUSTOMS_STATUSES),
  currency: currencyOf(msg('Shipment')),
  payment_terms: optionalChoice(msg('Payment Terms'), PAYMENT_TERMS),
  payment_due_date: optionalDateTime(msg('Payment Due Date')),
  tracking_number: optionalText(msg('Tracking Number'), 100),
  tracking_url: z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: msg('Tracking URL must be text') })
      .max(2000, msg('Tracking URL must be at most 2000 characters'))
      .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), msg('Tracking URL must start with http:// or https://'))
      .nullable(),
  ),
  special_instructions: optionalText(msg('Special Instructions'), 5000),
  internal_notes: optionalText(msg('Internal Notes'), 5000),

  ...charges,
  ...costs,

  containers: z.preprocess(
    (v) => v ?? [],
    z.array(containerInputSchema, { message: msg('Containers must be a list') }).max(MAX_CONTAINERS, msg('At most 50 containers')),
  ),
});

/** The body's date and date-time fields: ISO text in the body, timestamps in the row. */
export const SHIPMENT_DATE_FIELDS = [
  'estimated_departure', 'estimated_arrival', 'pickup_date', 'delivery_date', 'payment_due_date', 'shipped_on_board_date',
  'documents_cutoff', 'vgm_cutoff', 'port_cutoff',
] as const;

/** What the form holds (every value may still be a string). */
export type ShipmentFormValues = z.input<typeof shipmentInputSchema>;
/** The parsed body: typed values, null for empty ones. */
export type ShipmentInput = z.output<typeof shipmentInputSchema>;
