/**
 * The shipment create/edit body (spec sections 3 and 5). One schema for POST /api/shipments and
 * PUT /api/shipments/:id, imported by the web form. It parses and types values; the required fields and
 * their order are checked by `validateShipmentForm` (shipments/rules.ts), the transport data is kept or
 * cleared by `normalizeShipment`.
 */
import { z } from 'zod';
import { PARTY_LABELS, PARTY_ROLES, type PartyRole } from './labels';
import {
  CHARGE_FIELDS, CONTAINER_TYPES, COST_FIELDS, CURRENCIES, CUSTOMS_STATUSES, DEFAULT_CURRENCY, INCOTERMS, LOADING_TYPES,
  PACKAGE_TYPES, PAYMENT_TERMS, SHIPMENT_TYPES, TRANSPORT_MODES, TRUCK_TYPES, type ChargeField, type CostField,
} from '@domain/common/enums';
import {
  CHARGE_LABELS, COST_LABELS, currencyCode, flag, isBlank, optionalChoice, optionalDateTime, optionalId, optionalNumber,
  optionalText,
} from './fields-schema';
import { piecesInputSchema } from '@domain/cargo/schema';
import { formatMawb, hsCodeProblem, normalizeContainerNumber, normalizeHsCode, normalizeUnNumber } from '@domain/cargo/trade-numbers';

/** numeric(14,2): at most 12 digits before the point. */
export const MAX_MONEY = 999_999_999_999.99;
/** numeric(14,3): at most 11 digits before the point. */
export const MAX_MEASURE = 99_999_999_999.999;
export const MAX_PACKAGES = 1_000_000;
export const MAX_CONTAINERS = 50;

const money = (label: string, fallback: number | null = null) => optionalNumber(label, { max: MAX_MONEY, decimals: 2, fallback });
const measure = (label: string) => optionalNumber(label, { max: MAX_MEASURE, decimals: 3 });
const temperature = (label: string) => optionalNumber(label, { min: -273, max: 1000, decimals: 3 });
const currencyOf = (label: string) => currencyCode(`${label} Currency`, CURRENCIES, DEFAULT_CURRENCY);

const requiredText = (message: string, max: number) =>
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
  type: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(CONTAINER_TYPES, { message: 'Container Type is required' })),
  /** Upper case without spaces or dashes; its ISO 6346 check is a sea rule (validateShipmentForm). */
  number: requiredText('Container Number is required', 50).transform(normalizeContainerNumber),
  carrier_seal_number: requiredText('Carrier Seal Number is required', 50),
  weight: optionalNumber('Container Weight', { max: MAX_MEASURE, decimals: 3, fallback: 0 }).transform((n) => n ?? 0),
  volume: optionalNumber('Container Volume', { max: MAX_MEASURE, decimals: 3, fallback: 0 }).transform((n) => n ?? 0),
});
export type ContainerInput = z.output<typeof containerInputSchema>;

/** A blank container as the form adds it (weight and volume 0). */
export function blankContainer(): z.input<typeof containerInputSchema> {
  return { type: '', number: '', carrier_seal_number: '', weight: 0, volume: 0 };
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
  type: z.preprocess((v) => (isBlank(v) ? 'air' : v), z.enum(SHIPMENT_TYPES, { message: 'Type must be air, sea, land or partial' })),
  transport_mode: optionalChoice('Transport Mode', TRANSPORT_MODES),
  /** Admins must choose it; export and import handlers always get their own role (server side). */
  loading_type: optionalChoice('Loading Type', LOADING_TYPES),
  priority: flag('Priority'),
  trackable: flag('Trackable'),

  reference_number: optionalText('Reference Number', 100),
  company_id: optionalId('Company'),
  carrier_id: optionalId('Carrier'),
  service_provider_id: optionalId('Service Provider'),
  consolidation_agent_id: optionalId('Consolidation Agent'),
  customer_reference: optionalText('BL Number', 100),
  /** The carrier's booking number (issue 18): DCSA carrier events are matched by it. */
  carrier_booking_reference: optionalText('Carrier Booking Reference', 100),

  origin_address: optionalText('Origin Address', 500),
  origin_city: optionalText('Origin City'),
  origin_country: optionalText('Origin Country'),
  origin_postal_code: optionalText('Origin Postal Code', 20),
  origin_airport: optionalText('Origin Airport'),
  origin_port: optionalText('Origin Port'),
  /** The chosen origin port's country (from the port record; not stored, it becomes origin_country for sea). */
  origin_port_country: optionalText('Origin Port Country'),
  destination_address: optionalText('Destination Address', 500),
  destination_city: optionalText('Destination City'),
  destination_country: optionalText('Destination Country'),
  destination_postal_code: optionalText('Destination Postal Code', 20),
  destination_airport: optionalText('Destination Airport'),
  destination_port: optionalText('Destination Port'),
  destination_port_country: optionalText('Destination Port Country'),

  estimated_departure: optionalDateTime('Estimated Departure'),
  estimated_arrival: optionalDateTime('Estimated Arrival'),
  pickup_date: optionalDateTime('Pickup Date'),
  delivery_date: optionalDateTime('Delivery Date'),

  cargo_description: optionalText('Cargo Description', 2000),
  cargo_value: money('Cargo Value'),
  cargo_value_currency: currencyOf('Cargo Value'),
  cargo_insurance_value: money('Insurance Value'),
  cargo_insurance_value_currency: currencyOf('Insurance Value'),
  package_type: optionalChoice('Package Type', PACKAGE_TYPES),
  packages_count: optionalNumber('Number of Packages', { max: MAX_PACKAGES, integer: true }),
  weight_gross: measure('Gross Weight'),
  weight_net: measure('Net Weight'),
  /** Used only without dimension lines; with lines the server computes it (weight_volumetric, weight_chargeable too). */
  volume: measure('Volume'),
  /** Dimension lines (cargo/measures.ts). */
  pieces: piecesInputSchema,
  length: measure('Length'),
  width: measure('Width'),
  height: measure('Height'),
  dangerous_goods: flag('Dangerous Goods'),
  /** Asked for and checked when dangerous_goods (validateShipmentForm); 'UN1263'. */
  un_number: normalizedText('UN Number', 20, normalizeUnNumber),
  hazard_class: optionalText('Hazard Class', 10),
  /** Digits only ('62046200'); dots and spaces are allowed on input. */
  hs_code: checkedCode('HS Code', 20, normalizeHsCode, hsCodeProblem),
  temperature_controlled: flag('Temperature Controlled'),
  temperature_range_min: temperature('Minimum Temperature'),
  temperature_range_max: temperature('Maximum Temperature'),

  door_delivery: flag('Door Delivery'),
  stackable: flag('Stackable'),
  carrier_name: optionalText('Carrier Name'),
  vessel_name: optionalText('Vessel Name'),
  vessel_flag: optionalText('Vessel Flag', 100),
  imo_number: optionalText('IMO Number', 20),
  voyage_number: optionalText('Voyage Number', 50),
  /** Checked (ISO 6346) for sea transport by validateShipmentForm. */
  container_number: normalizedText('Container Number', 50, normalizeContainerNumber),
  seal_number: optionalText('Seal Number', 50),
  truck_plate_number: optionalText('Truck Plate Number', 50),
  truck_type: optionalChoice('Truck Type', TRUCK_TYPES),
  flight_number: optionalText('Flight Number', 20),
  /** Stored as '020-12345675'; checked for air transport by validateShipmentForm, its prefix against the airline's on the server. */
  mawb_number: normalizedText('MAWB Number', 50, formatMawb),
  hawb_number: optionalText('HAWB Number', 50),

  incoterm: optionalChoice('Incoterm', INCOTERMS),
  /** The named place ('Istanbul'); required when an incoterm is chosen (validateShipmentForm). */
  incoterm_place: optionalText('Incoterm Place', 200),
  incoterm_version: z.preprocess((v) => (isBlank(v) ? DEFAULT_INCOTERMS_VERSION : v), z.enum(INCOTERMS_VERSIONS, { message: 'Incoterms Version must be 2020 or 2010' })),

  ...parties,
  customs_declaration_number: optionalText('Customs Declaration Number', 100),
  customs_status: optionalChoice('Customs Status', CUSTOMS_STATUSES),
  currency: currencyOf('Shipment'),
  payment_terms: optionalChoice('Payment Terms', PAYMENT_TERMS),
  payment_due_date: optionalDateTime('Payment Due Date'),
  tracking_number: optionalText('Tracking Number', 100),
  tracking_url: z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'Tracking URL must be text' })
      .max(2000, 'Tracking URL must be at most 2000 characters')
      .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), 'Tracking URL must start with http:// or https://')
      .nullable(),
  ),
  special_instructions: optionalText('Special Instructions', 5000),
  internal_notes: optionalText('Internal Notes', 5000),

  ...charges,
  ...costs,

  containers: z.preprocess(
    (v) => v ?? [],
    z.array(containerInputSchema, { message: 'Containers must be a list' }).max(MAX_CONTAINERS, `At most ${MAX_CONTAINERS} containers`),
  ),
});

/** What the form holds (every value may still be a string). */
export type ShipmentFormValues = z.input<typeof shipmentInputSchema>;
/** The parsed body: typed values, null for empty ones. */
export type ShipmentInput = z.output<typeof shipmentInputSchema>;
