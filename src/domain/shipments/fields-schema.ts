/**
 * Shipment field building blocks (spec sections 3 and 5): labels, the lenient parsers of form values
 * (numbers as numbers or strings, empty gives null; optional empty text gives null; minute-precision
 * date-times) and the transport of a shipment. Used by the input schema and the rules.
 */
import { z } from 'zod';
import type { ChargeField, CostField } from '@domain/common/enums';
import { isBlank } from '@domain/common/values';
import { ENGLISH, msg } from '@domain/common/i18n';

// The blank test, rounding and the number parser sit below in common, where the cargo measures take them too.
export { isBlank, round } from '@domain/common/values';
export { optionalNumber } from '@domain/common/number-schema';

export const CHARGE_LABELS: Record<ChargeField, string> = {
  service_charge: msg('Service Charge'),
  customs_charge: msg('Customs Charge'),
  insurance_charge: msg('Insurance Charge'),
  handling_charge: msg('Handling Charge'),
  documentation_charge: msg('Documentation Charge'),
  storage_charge: msg('Storage Charge'),
  delivery_charge: msg('Delivery Charge'),
  other_charges: msg('Other Charges'),
};

export const COST_LABELS: Record<CostField, string> = {
  freight_cost: msg('Freight Cost'),
  customs_cost: msg('Customs Cost'),
  insurance_cost: msg('Insurance Cost'),
  handling_cost: msg('Handling Cost'),
  documentation_cost: msg('Documentation Cost'),
  storage_cost: msg('Storage Cost'),
  delivery_cost: msg('Delivery Cost'),
  other_costs: msg('Other Costs'),
};

/** The user-facing label of every shipment form field (messages, history, form labels). */
export const SHIPMENT_FIELD_LABELS = {
  type: msg('Type'),
  transport_mode: msg('Transport Mode'),
  loading_type: msg('Loading Type'),
  priority: msg('Priority'),
  trackable: msg('Trackable'),
  status: msg('Status'),
  company_id: msg('Company'),
  carrier_id: msg('Carrier'),
  service_provider_id: msg('Service Provider'),
  consolidation_agent_id: msg('Consolidation Agent'),
  handler_id: msg('Handler'),
  reference_number: msg('Reference Number'),
  customer_reference: msg('BL Number'),
  po_number: msg('PO Number'),
  carrier_booking_reference: msg('Carrier Booking Reference'),
  house_bl_number: msg('House B/L Number'),
  freight_terms: msg('Freight Terms'),
  freight_payable_at: msg('Freight Payable At'),
  shipped_on_board_date: msg('Shipped on Board Date'),
  pre_carriage_by: msg('Pre-carriage By'),
  place_of_receipt: msg('Place of Receipt'),
  on_carriage_by: msg('On-carriage By'),
  place_of_delivery: msg('Place of Delivery'),
  marks_and_numbers: msg('Marks and Numbers'),
  shipper_account_number: msg('Shipper Account Number'),
  consignee_account_number: msg('Consignee Account Number'),
  declared_value_carriage: msg('Declared Value for Carriage'),
  sender_instructions: msg("Sender's Instructions"),
  cash_on_delivery: msg('Cash on Delivery'),
  cash_on_delivery_currency: msg('Cash on Delivery Currency'),
  special_agreements: msg('Special Agreements'),
  trailer_plate_number: msg('Trailer Plate Number'),
  documents_cutoff: msg('Documents Cut-off'),
  vgm_cutoff: msg('VGM Cut-off'),
  port_cutoff: msg('Port Cut-off'),
  empty_pickup_depot: msg('Empty Pick-up Depot'),
  full_return_depot: msg('Full Return Depot'),
  pickup_terminal: msg('Pick-up Terminal or CFS'),
  free_time_days: msg('Free Time (days)'),
  release_conditions: msg('Release Conditions'),
  packing_group: msg('Packing Group'),
  tunnel_code: msg('Tunnel Restriction Code'),
  origin_address: msg('Origin Address'),
  origin_city: msg('Origin City'),
  origin_country: msg('Origin Country'),
  origin_postal_code: msg('Origin Postal Code'),
  origin_airport: msg('Origin Airport'),
  origin_port: msg('Origin Port'),
  origin_port_country: msg('Origin Port Country'),
  destination_address: msg('Destination Address'),
  destination_city: msg('Destination City'),
  destination_country: msg('Destination Country'),
  destination_postal_code: msg('Destination Postal Code'),
  destination_airport: msg('Destination Airport'),
  destination_port: msg('Destination Port'),
  destination_port_country: msg('Destination Port Country'),
  estimated_departure: msg('Estimated Departure'),
  estimated_arrival: msg('Estimated Arrival'),
  pickup_date: msg('Pickup Date'),
  delivery_date: msg('Delivery Date'),
  cargo_description: msg('Cargo Description'),
  cargo_value: msg('Cargo Value'),
  cargo_value_currency: msg('Cargo Value Currency'),
  cargo_insurance_value: msg('Insurance Value'),
  cargo_insurance_value_currency: msg('Insurance Value Currency'),
  package_type: msg('Package Type'),
  packages_count: msg('Number of Packages'),
  weight_gross: msg('Gross Weight'),
  weight_net: msg('Net Weight'),
  weight_chargeable: msg('Chargeable Weight'),
  weight_volumetric: msg('Volumetric Weight'),
  volume: msg('Volume'),
  pieces: msg('Dimension Lines'),
  hs_code: msg('HS Code'),
  un_number: msg('UN Number'),
  hazard_class: msg('Hazard Class'),
  incoterm_place: msg('Incoterm Place'),
  incoterm_version: msg('Incoterms Version'),
  shipper_company_id: msg('Shipper Company'),
  shipper_name: msg('Shipper Name'),
  shipper_address: msg('Shipper Address'),
  consignee_company_id: msg('Consignee Company'),
  consignee_name: msg('Consignee Name'),
  consignee_address: msg('Consignee Address'),
  notify_company_id: msg('Notify Party Company'),
  notify_name: msg('Notify Party Name'),
  notify_address: msg('Notify Party Address'),
  length: msg('Length'),
  width: msg('Width'),
  height: msg('Height'),
  dangerous_goods: msg('Dangerous Goods'),
  temperature_controlled: msg('Temperature Controlled'),
  temperature_range_min: msg('Minimum Temperature'),
  temperature_range_max: msg('Maximum Temperature'),
  door_delivery: msg('Door Delivery'),
  stackable: msg('Stackable'),
  carrier_name: msg('Carrier Name'),
  vessel_name: msg('Vessel Name'),
  vessel_flag: msg('Vessel Flag'),
  imo_number: msg('IMO Number'),
  voyage_number: msg('Voyage Number'),
  container_number: msg('Container Number'),
  seal_number: msg('Seal Number'),
  truck_plate_number: msg('Truck Plate Number'),
  truck_type: msg('Truck Type'),
  flight_number: msg('Flight Number'),
  mawb_number: msg('MAWB Number'),
  hawb_number: msg('HAWB Number'),
  onward_flights: msg('Onward Flights'),
  commodity_item_number: msg('Commodity Item Number'),
  incoterm: msg('Incoterm'),
  customs_declaration_number: msg('Customs Declaration Number'),
  customs_status: msg('Customs Status'),
  currency: msg('Currency'),
  payment_terms: msg('Payment Terms'),
  payment_due_date: msg('Payment Due Date'),
  tracking_number: msg('Tracking Number'),
  tracking_url: msg('Tracking URL'),
  special_instructions: msg('Special Instructions'),
  internal_notes: msg('Internal Notes'),
  containers: msg('Containers'),
  ...CHARGE_LABELS,
  // Each charge's and cost's currency: its label and ' Currency'.
  service_charge_currency: msg('Service Charge Currency'),
  customs_charge_currency: msg('Customs Charge Currency'),
  insurance_charge_currency: msg('Insurance Charge Currency'),
  handling_charge_currency: msg('Handling Charge Currency'),
  documentation_charge_currency: msg('Documentation Charge Currency'),
  storage_charge_currency: msg('Storage Charge Currency'),
  delivery_charge_currency: msg('Delivery Charge Currency'),
  other_charges_currency: msg('Other Charges Currency'),
  ...COST_LABELS,
  freight_cost_currency: msg('Freight Cost Currency'),
  customs_cost_currency: msg('Customs Cost Currency'),
  insurance_cost_currency: msg('Insurance Cost Currency'),
  handling_cost_currency: msg('Handling Cost Currency'),
  documentation_cost_currency: msg('Documentation Cost Currency'),
  storage_cost_currency: msg('Storage Cost Currency'),
  delivery_cost_currency: msg('Delivery Cost Currency'),
  other_costs_currency: msg('Other Costs Currency'),
} as Record<string, string>;

/** The label of a field, or the field name itself for an unknown key. */
export function fieldLabel(field: string): string {
  return SHIPMENT_FIELD_LABELS[field] ?? field;
}


// ---------------------------------------------------------------------------------------------
// Lenient parsers. Each accepts what an HTML form or a JSON client sends and gives the stored value.

const emptyToNull = (v: unknown) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v);

/** Optional text: trimmed, empty gives null. */
export function optionalText(label: string, max = 200) {
  return z.preprocess(
    emptyToNull,
    z
      .string({ message: ENGLISH.t(msg('{label} must be text'), { label }) })
      .max(max, ENGLISH.t(msg('{label} must be at most {max} characters'), { label, max }))
      .nullable(),
  );
}

/** '{label} must be one of: a, b, c': the values are codes, one value of the message. */
const oneOfMessage = (label: string, values: readonly string[]) => ENGLISH.t(msg('{label} must be one of: {values}'), { label, values: values.join(', ') });

/** One of a list of values, or null when empty. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.preprocess(emptyToNull, z.enum(values, { message: oneOfMessage(label, values) }).nullable());
}

/** A record id (uuid), or null when empty. */
export function optionalId(label: string) {
  return z.preprocess(emptyToNull, z.uuid({ message: ENGLISH.t(msg('{label} is not valid'), { label }) }).nullable());
}

/** A yes/no value; accepts booleans and 'true'/'false'. Absent or empty gives `fallback`. */
export function flag(label: string, fallback = false) {
  return z.preprocess(
    (v) => (isBlank(v) ? fallback : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ message: ENGLISH.t(msg('{label} must be true or false'), { label }) }),
  );
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** Truncates a date-time to the minute and gives its ISO form ('2026-03-01T09:30:00.000Z'). */
export function toMinuteIso(d: Date): string {
  const copy = new Date(d.getTime());
  copy.setUTCSeconds(0, 0);
  return copy.toISOString();
}

/**
 * A date-time with minute precision: an ISO string with a time zone ('2026-03-01T09:30Z',
 * '2026-03-01T12:30:00+03:00'), a date ('2026-03-01', midnight UTC) or a Date. Empty gives null.
 * Stored as the ISO string of that minute in UTC.
 */
export function optionalDateTime(label: string) {
  return z.preprocess(
    (v) => {
      if (isBlank(v)) return null;
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'invalid' : toMinuteIso(v);
      if (typeof v === 'string' && ISO_DATE_TIME.test(v.trim())) {
        const d = new Date(v.trim());
        return Number.isNaN(d.getTime()) ? 'invalid' : toMinuteIso(d);
      }
      return 'invalid';
    },
    z
      .string()
      .refine((s) => s !== 'invalid', ENGLISH.t(msg('{label} must be a date and time (ISO 8601 with a time zone)'), { label }))
      .nullable(),
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date 'YYYY-MM-DD' (a real day), or null when blank. */
export function optionalDate(label: string) {
  return z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: ENGLISH.t(msg('{label} must be a date'), { label }) })
      .refine((s) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), ENGLISH.t(msg('{label} must be a date (YYYY-MM-DD)'), { label }))
      .nullable(),
  );
}

/** A currency amount's code; empty or absent gives the default (USD). */
export function currencyCode<const T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) {
  return z.preprocess((v) => (isBlank(v) ? fallback : v), z.enum(values, { message: oneOfMessage(label, values) }));
}
