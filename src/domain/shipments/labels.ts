/**
 * A shipment's type, transport, parties, place and route as the pages write them; no zod, so a page that only shows
 * them loads none (decision records 0247, 0248).
 */
import { SHIPMENT_TYPE_LABELS, transportModeLabel, type ShipmentType, type TransportMode } from '@domain/common/enums';
import { ENGLISH, msg, type Reader } from '@domain/common/i18n';
import { countryIn } from '@domain/locale/countries';

/** The transport that decides a shipment's data: its type, or its transport_mode when partial (null if unset). */
export function transportOf(shipment: { type: string; transport_mode?: string | null }): TransportMode | null {
  const t = shipment.type === 'partial' ? shipment.transport_mode : shipment.type;
  return t === 'air' || t === 'sea' || t === 'land' ? t : null;
}

/** The parties of a shipment's papers. */
export const PARTY_ROLES = ['shipper', 'consignee', 'notify'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_LABELS: Record<PartyRole, string> = { shipper: msg('Shipper'), consignee: msg('Consignee'), notify: msg('Notify Party') };

/** 'Air', 'Sea', 'Land', 'Partial'. */
export function shipmentTypeLabel(type: string): string {
  return SHIPMENT_TYPE_LABELS[type as ShipmentType] ?? type;
}

/** The type badge text: the type label, and for partial its mode label ('Partial (LCL)', 'Partial (Unknown)'). */
export function shipmentTypeBadge(shipment: { type: string; transport_mode?: string | null }): string {
  const label = shipmentTypeLabel(shipment.type);
  return shipment.type === 'partial' ? `${label} (${transportModeLabel(shipment.transport_mode)})` : label;
}

/**
 * 'Bursa, TR': a place from its city and country; missing parts are left out, both missing gives 'N/A'. A country the
 * reference data names is written in the reader's language ('Istanbul, Türkiye' in Turkish; decision 0307).
 */
export function placeLabel(city: string | null | undefined, country: string | null | undefined, r: Reader = ENGLISH): string {
  const parts = [city, countryIn(country, r.locale)].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(', ') : r.t('N/A');
}

/** The route 'origin city, country → destination city, country' (spec section 2, success panel). */
export function routeLabel(
  s: {
    origin_city?: string | null;
    origin_country?: string | null;
    destination_city?: string | null;
    destination_country?: string | null;
  },
  r: Reader = ENGLISH,
): string {
  return `${placeLabel(s.origin_city, s.origin_country, r)} → ${placeLabel(s.destination_city, s.destination_country, r)}`;
}

/**
 * The route by its codes, as the shipment CSV writes it (issue 37): air by IATA airport codes ('IST → FRA'), sea by
 * the ports' UN/LOCODEs ('TRAMB → NLRTM'), a partial shipment by its transport mode's; an end without a code, and land,
 * by its city and country as routeLabel writes them.
 */
export function codeRouteLabel(s: {
  type: string;
  transport_mode?: string | null;
  origin_city?: string | null;
  origin_country?: string | null;
  destination_city?: string | null;
  destination_country?: string | null;
  origin_airport?: string | null;
  destination_airport?: string | null;
  origin_port_code?: string | null;
  destination_port_code?: string | null;
}): string {
  const transport = transportOf(s);
  const end = (side: 'origin' | 'destination') => {
    const code = transport === 'air' ? s[`${side}_airport`] : transport === 'sea' ? s[`${side}_port_code`] : null;
    return code?.trim() || placeLabel(s[`${side}_city`], s[`${side}_country`]);
  };
  return `${end('origin')} → ${end('destination')}`;
}

/**
 * A pickup or delivery date as a fact once its day has come and as a plan before it (issue 45: "Picked up 28 Nov" read
 * on 27 Nov as a fact): days compared in UTC, as the dates are stored. Null without a date.
 */
export function pickupDeliveryLabel(kind: 'pickup' | 'delivery', date: string | null | undefined, now: Date): { label: string; planned: boolean } | null {
  if (!date) return null;
  const planned = date.slice(0, 10) > now.toISOString().slice(0, 10);
  const labels = { pickup: [msg('Picked up'), msg('Pickup planned')], delivery: [msg('Delivered'), msg('Delivery planned')] } as const;
  return { label: labels[kind][planned ? 1 : 0], planned };
}
