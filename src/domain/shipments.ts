/**
 * Shipments: the one module the web and the server import for shipment rules and schemas (issue 4).
 *  - shipment-labels.ts  type, place and route labels (no zod: pages that only show shipments load none)
 *  - shipment-fields.ts  labels, lenient value parsers, transportOf
 *  - shipment-schema.ts  the create/edit body (shipmentInputSchema)
 *  - shipment-rules.ts   validateShipmentForm (spec order), resolveLoadingType, normalizeShipment (conditional saving)
 *  - shipment-status.ts  status labels, badge colours, allowed status changes (decision 0141)
 *  - shipment-money.ts   per-currency totals, profit and margin (decision 0143)
 *  - shipment-views.ts   the API's answers: staff detail, customer detail, history rows
 *  - cargo-measures.ts   dimension lines, volume, volumetric and chargeable weight (issue 14)
 *  - cargo-schema.ts     the dimension lines' schemas
 *  - trade-numbers.ts    ISO 6346 container numbers, IATA air waybills, carrier codes, HS, UN numbers (issue 14)
 */
export * from './shipment-labels';
export * from './shipment-fields';
export * from './shipment-schema';
export * from './shipment-rules';
export * from './shipment-status';
export * from './shipment-money';
export * from './shipment-views';
export * from './cargo-measures';
export * from './cargo-schema';
export * from './trade-numbers';

/**
 * The live-tracking frame address: the TRACKING_EMBED_URL template with {container} replaced by the
 * URL-encoded customer reference (BL Number); null when no template is configured or no reference is set.
 */
export function trackingEmbedUrl(template: string | null | undefined, customerReference: string | null | undefined): string | null {
  const ref = customerReference?.trim();
  if (!template || !ref) return null;
  return template.split('{container}').join(encodeURIComponent(ref));
}
