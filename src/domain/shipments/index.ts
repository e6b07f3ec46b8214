/**
 * Shipments: the one module the web and the server import for shipment rules and schemas (issue 4).
 *  - labels.ts             type, place and route labels (no zod: pages that only show shipments load none)
 *  - fields-schema.ts      labels, lenient value parsers, transportOf
 *  - schema.ts             the create/edit body (shipmentInputSchema)
 *  - rules.ts              validateShipmentForm (spec order), resolveLoadingType, normalizeShipment (conditional saving)
 *  - routing.ts            an air shipment's onward flights and the air waybill's routing boxes (issue 41)
 *  - status.ts             status labels, badge colours, allowed status changes (decision 0141)
 *  - date-moves.ts         how the estimated departure and arrival moved, from the history (issue 45; no zod)
 *  - money.ts              per-currency totals, profit and margin (decision 0143)
 *  - views-schema.ts       the API's answers: staff detail, customer detail, history rows
 *  - cargo/measures.ts     dimension lines, volume, volumetric and chargeable weight (issue 14)
 *  - cargo/schema.ts       the dimension lines' schemas
 *  - cargo/trade-numbers.ts ISO 6346 container numbers, IATA air waybills, carrier codes, HS, UN numbers (issue 14)
 */
export * from './labels';
export * from './fields-schema';
export * from './schema';
export * from './rules';
export * from './routing';
export * from './status';
export * from './date-moves';
export * from './money';
export * from './views-schema';
export * from '@domain/cargo/measures';
export * from '@domain/cargo/schema';
export * from '@domain/cargo/trade-numbers';

/**
 * The live-tracking frame address: the TRACKING_EMBED_URL template with {container} replaced by the
 * URL-encoded customer reference (BL Number); null when no template is configured or no reference is set.
 */
export function trackingEmbedUrl(template: string | null | undefined, customerReference: string | null | undefined): string | null {
  const ref = customerReference?.trim();
  if (!template || !ref) return null;
  return template.split('{container}').join(encodeURIComponent(ref));
}
