/**
 * Shipment field building blocks (spec sections 3 and 5): labels, the lenient parsers of form values
 * (numbers as numbers or strings, empty gives null; optional empty text gives null; minute-precision
 * date-times) and the transport of a shipment. Used by the input schema and the rules.
 */
import { z } from 'zod';
import type { ChargeField, CostField } from '@domain/common/enums';
import { isBlank } from '@domain/common/values';

// The blank test, rounding and the number parser sit below in common, where the cargo measures take them too.
export { isBlank, round } from '@domain/common/values';
export { optionalNumber } from '@domain/common/number-schema';

export const CHARGE_LABELS: Record<ChargeField, string> = {
  service_charge: 'Service Charge',
  customs_charge: 'Customs Charge',
  insurance_charge: 'Insurance Charge',
  handling_charge: 'Handling Charge',
  documentation_charge: 'Documentation Charge',
  storage_charge: 'Storage Charge',
  delivery_charge: 'Delivery Charge',
  other_charges: 'Other Charges',
};

export const COST_LABELS: Record<CostField, string> = {
  freight_cost: 'Freight Cost',
  customs_cost: 'Customs Cost',
  insurance_cost: 'Insurance Cost',
  handling_cost: 'Handling Cost',
  documentation_cost: 'Documentation Cost',
  storage_cost: 'Storage Cost',
  delivery_cost: 'Delivery Cost',
  other_costs: 'Other Costs',
};

/** The user-facing label of every shipment form field (messages, history, form labels). */
export const SHIPMENT_FIELD_LABELS = {
  type: 'Type',
  transport_mode: 'Transport Mode',
  loading_type: 'Loading Type',
  priority: 'Priority',
  trackable: 'Trackable',
  status: 'Status',
  company_id: 'Company',
  carrier_id: 'Carrier',
  service_provider_id: 'Service Provider',
  consolidation_agent_id: 'Consolidation Agent',
  handler_id: 'Handler',
  reference_number: 'Reference Number',
  customer_reference: 'BL Number',
  carrier_booking_reference: 'Carrier Booking Reference',
  origin_address: 'Origin Address',
  origin_city: 'Origin City',
  origin_country: 'Origin Country',
  origin_postal_code: 'Origin Postal Code',
  origin_airport: 'Origin Airport',
  origin_port: 'Origin Port',
  origin_port_country: 'Origin Port Country',
  destination_address: 'Destination Address',
  destination_city: 'Destination City',
  destination_country: 'Destination Country',
  destination_postal_code: 'Destination Postal Code',
  destination_airport: 'Destination Airport',
  destination_port: 'Destination Port',
  destination_port_country: 'Destination Port Country',
  estimated_departure: 'Estimated Departure',
  estimated_arrival: 'Estimated Arrival',
  pickup_date: 'Pickup Date',
  delivery_date: 'Delivery Date',
  cargo_description: 'Cargo Description',
  cargo_value: 'Cargo Value',
  cargo_value_currency: 'Cargo Value Currency',
  cargo_insurance_value: 'Insurance Value',
  cargo_insurance_value_currency: 'Insurance Value Currency',
  package_type: 'Package Type',
  packages_count: 'Number of Packages',
  weight_gross: 'Gross Weight',
  weight_net: 'Net Weight',
  weight_chargeable: 'Chargeable Weight',
  weight_volumetric: 'Volumetric Weight',
  volume: 'Volume',
  pieces: 'Dimension Lines',
  hs_code: 'HS Code',
  un_number: 'UN Number',
  hazard_class: 'Hazard Class',
  incoterm_place: 'Incoterm Place',
  incoterm_version: 'Incoterms Version',
  shipper_company_id: 'Shipper Company',
  shipper_name: 'Shipper Name',
  shipper_address: 'Shipper Address',
  consignee_company_id: 'Consignee Company',
  consignee_name: 'Consignee Name',
  consignee_address: 'Consignee Address',
  notify_company_id: 'Notify Party Company',
  notify_name: 'Notify Party Name',
  notify_address: 'Notify Party Address',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  dangerous_goods: 'Dangerous Goods',
  temperature_controlled: 'Temperature Controlled',
  temperature_range_min: 'Minimum Temperature',
  temperature_range_max: 'Maximum Temperature',
  door_delivery: 'Door Delivery',
  stackable: 'Stackable',
  carrier_name: 'Carrier Name',
  vessel_name: 'Vessel Name',
  vessel_flag: 'Vessel Flag',
  imo_number: 'IMO Number',
  voyage_number: 'Voyage Number',
  container_number: 'Container Number',
  seal_number: 'Seal Number',
  truck_plate_number: 'Truck Plate Number',
  truck_type: 'Truck Type',
  flight_number: 'Flight Number',
  mawb_number: 'MAWB Number',
  hawb_number: 'HAWB Number',
  incoterm: 'Incoterm',
  customs_declaration_number: 'Customs Declaration Number',
  customs_status: 'Customs Status',
  currency: 'Currency',
  payment_terms: 'Payment Terms',
  payment_due_date: 'Payment Due Date',
  tracking_number: 'Tracking Number',
  tracking_url: 'Tracking URL',
  special_instructions: 'Special Instructions',
  internal_notes: 'Internal Notes',
  containers: 'Containers',
  ...CHARGE_LABELS,
  ...Object.fromEntries(Object.entries(CHARGE_LABELS).map(([k, v]) => [`${k}_currency`, `${v} Currency`])),
  ...COST_LABELS,
  ...Object.fromEntries(Object.entries(COST_LABELS).map(([k, v]) => [`${k}_currency`, `${v} Currency`])),
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
    z.string({ message: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`).nullable(),
  );
}

/** One of a list of values, or null when empty. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.preprocess(emptyToNull, z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` }).nullable());
}

/** A record id (uuid), or null when empty. */
export function optionalId(label: string) {
  return z.preprocess(emptyToNull, z.uuid({ message: `${label} is not valid` }).nullable());
}

/** A yes/no value; accepts booleans and 'true'/'false'. Absent or empty gives `fallback`. */
export function flag(label: string, fallback = false) {
  return z.preprocess(
    (v) => (isBlank(v) ? fallback : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ message: `${label} must be true or false` }),
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
      .refine((s) => s !== 'invalid', `${label} must be a date and time (ISO 8601 with a time zone)`)
      .nullable(),
  );
}

/** A currency amount's code; empty or absent gives the default (USD). */
export function currencyCode<const T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) {
  return z.preprocess((v) => (isBlank(v) ? fallback : v), z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` }));
}
