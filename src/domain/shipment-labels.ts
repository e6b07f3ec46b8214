/** A shipment's type, place and route as the pages write them; no zod, so a page that only shows them loads none (decision record 0247). */
import { SHIPMENT_TYPE_LABELS, transportModeLabel, type ShipmentType } from './enums';

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
