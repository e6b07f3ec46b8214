/**
 * Shipments: the one module the web and the server import for shipment rules and schemas (issue 4).
 *  - shipment-fields.ts  labels, lenient value parsers, transportOf
 *  - shipment-schema.ts  the create/edit body (shipmentInputSchema)
 *  - shipment-rules.ts   validateShipmentForm (spec order), resolveLoadingType, normalizeShipment (conditional saving)
 *  - shipment-status.ts  status labels, badge colours, allowed status changes (decision 0141)
 *  - shipment-money.ts   per-currency totals, profit and margin (decision 0143)
 *  - shipment-views.ts   the API's answers: staff detail, customer detail, history rows
 *  - cargo-measures.ts   dimension lines, volume, volumetric and chargeable weight (issue 14)
 *  - trade-numbers.ts    ISO 6346 container numbers, IATA air waybills, carrier codes, HS, UN numbers (issue 14)
 */
import { SHIPMENT_TYPE_LABELS, transportModeLabel, type ShipmentType } from './enums';

export * from './shipment-fields';
export * from './shipment-schema';
export * from './shipment-rules';
export * from './shipment-status';
export * from './shipment-money';
export * from './shipment-views';
export * from './cargo-measures';
export * from './trade-numbers';

/** 'Air', 'Sea', 'Land', 'Partial'. */
export function shipmentTypeLabel(type: string): string {
  return SHIPMENT_TYPE_LABELS[type as ShipmentType] ?? type;
}

/** The type badge text: the type label, and for partial its mode label ('Partial (LCL)', 'Partial (Unknown)'). */
export function shipmentTypeBadge(shipment: { type: string; transport_mode?: string | null }): string {
  const label = shipmentTypeLabel(shipment.type);
  return shipment.type === 'partial' ? `${label} (${transportModeLabel(shipment.transport_mode)})` : label;
}

/** 'Bursa, TR': a place from its city and country; missing parts are left out, both missing gives 'N/A'. */
export function placeLabel(city: string | null | undefined, country: string | null | undefined): string {
  const parts = [city, country].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(', ') : 'N/A';
}

/** The route 'origin city, country → destination city, country' (spec section 2, success panel). */
export function routeLabel(s: {
  origin_city?: string | null;
  origin_country?: string | null;
  destination_city?: string | null;
  destination_country?: string | null;
}): string {
  return `${placeLabel(s.origin_city, s.origin_country)} → ${placeLabel(s.destination_city, s.destination_country)}`;
}

/**
 * The live-tracking frame address: the TRACKING_EMBED_URL template with {container} replaced by the
 * URL-encoded customer reference (BL Number); null when no template is configured or no reference is set.
 */
export function trackingEmbedUrl(template: string | null | undefined, customerReference: string | null | undefined): string | null {
  const ref = customerReference?.trim();
  if (!template || !ref) return null;
  return template.split('{container}').join(encodeURIComponent(ref));
}
