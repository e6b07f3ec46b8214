/** Enumerations of the product with their user-facing labels (spec sections 3, 4, 5, 9). */

import { msg } from '@domain/common/i18n';

export const ROLES = ['admin', 'export', 'import', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'export', 'import'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * How a role is named wherever the portal shows it (spec section 6), one set for every screen: the capitalised role
 * ("Admin") on the staff tables, the role select, the registration card ("Admin Role"), the sidebar badge, the profile
 * and the dashboard greeting; the title and what the role does on the role select's description line.
 */
export const ROLE_LABELS: Record<Role, string> = {
  admin: msg('Admin'),
  export: msg('Export'),
  import: msg('Import'),
  customer: msg('Customer'),
};

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

export const ROLE_TITLES: Record<Role, string> = {
  admin: msg('Administrator'),
  export: msg('Export Handler'),
  import: msg('Import Handler'),
  customer: msg('Customer'),
};

/** What each staff role does, in spec section 6's words. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: msg('full system access and management'),
  export: msg('manages export shipments and related operations'),
  import: msg('manages import shipments and related operations'),
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === 'admin' || role === 'export' || role === 'import';
}

/** The first letter in upper case ("sea" to "Sea"); roles are named by roleLabel. */
export function capitalize(value: string): string {
  return value.length === 0 ? value : value[0]!.toUpperCase() + value.slice(1);
}

export const SHIPMENT_TYPES = ['air', 'sea', 'land', 'partial'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];
export const SHIPMENT_TYPE_LABELS: Record<ShipmentType, string> = {
  air: msg('Air'),
  sea: msg('Sea'),
  land: msg('Land'),
  partial: msg('Partial'),
};

export const TRANSPORT_MODES = ['air', 'sea', 'land'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
/** Partial shipment transport_mode labels; a missing mode is 'Unknown'. */
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = {
  air: msg('Break Bulk'),
  sea: msg('LCL'),
  land: msg('LTL'),
};
export function transportModeLabel(mode: string | null | undefined): string {
  return mode && mode in TRANSPORT_MODE_LABELS ? TRANSPORT_MODE_LABELS[mode as TransportMode] : msg('Unknown');
}

export const LOADING_TYPES = ['export', 'import'] as const;
export type LoadingType = (typeof LOADING_TYPES)[number];

export const SHIPMENT_STATUSES = [
  'pending',
  'pending_approval',
  'approved',
  'in_progress',
  'in_transit',
  'customs_check',
  'delivered',
  'completed',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** The statuses offered by list filters. */
export const STATUS_FILTER_OPTIONS = ['pending', 'in_progress', 'completed'] as const;

/**
 * The status filter's labels (issue 21): the filter matches the status itself, so 'completed' says it is the closed
 * status, not the Completed cards' count of delivered shipments.
 */
export const STATUS_FILTER_LABELS: Record<(typeof STATUS_FILTER_OPTIONS)[number], string> = {
  pending: msg('Pending'),
  in_progress: msg('In Progress'),
  completed: msg('Completed (closed)'),
};

export const CUSTOMS_STATUSES = ['pending', 'in_progress', 'cleared', 'held', 'documentation_required'] as const;
export type CustomsStatus = (typeof CUSTOMS_STATUSES)[number];

export const TRUCK_TYPES = ['box', 'flatbed', 'reefer', 'tanker', 'other'] as const;
export type TruckType = (typeof TRUCK_TYPES)[number];

export const PACKAGE_TYPES = [
  'box', 'pallet', 'package', 'crate', 'drum', 'bag', 'roll', 'bundle', 'carton', 'unit', 'other',
] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const CONTAINER_TYPES = [
  '20DC', '40DC', '40HC', '45HC', '20OT', '40OT', '20FR', '40FR',
  '20RF', '40RF', '40HRF', '20TK', '40TK', '20PL', '40PL', '20HC',
] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** Whether the ocean freight is paid at origin or at destination, as a bill of lading states it (issue 41). */
export const FREIGHT_TERMS = ['prepaid', 'collect'] as const;
export type FreightTerm = (typeof FREIGHT_TERMS)[number];

/** ADR's packing groups (2.1.1.3): I great danger, II medium, III minor. */
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;
export type PackingGroup = (typeof PACKING_GROUPS)[number];

/** ADR's tunnel restriction codes (8.6.4), '-' for none; printed in brackets in the transport document's entry. */
export const TUNNEL_CODES = ['B', 'B1000C', 'B/D', 'B/E', 'C', 'C5000D', 'C/D', 'C/E', 'D', 'D/E', 'E', '-'] as const;
export type TunnelCode = (typeof TUNNEL_CODES)[number];

export const PAYMENT_TERMS = ['prepaid', 'collect', 'net_30', 'net_60', 'net_90'] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];

/** Currencies shown on list and edit screens. */
export const LIST_CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY'] as const;
/** Currencies the create form offers. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY', 'JPY', 'CNY', 'AUD', 'CAD', 'CHF', 'HKD', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export const CARRIER_TYPES = ['airline', 'shipping_line', 'trucking_company'] as const;
export type CarrierType = (typeof CARRIER_TYPES)[number];
export const CARRIER_TYPE_LABELS: Record<CarrierType, string> = {
  airline: msg('Airline'),
  shipping_line: msg('Shipping Line'),
  trucking_company: msg('Trucking Company'),
};
/** The carrier type that serves a transport (air airline, sea shipping_line, land trucking_company). */
export const CARRIER_TYPE_BY_TRANSPORT: Record<TransportMode, CarrierType> = {
  air: 'airline',
  sea: 'shipping_line',
  land: 'trucking_company',
};

export const SERVICE_TYPES = [
  'Customs Broker',
  'Freight Forwarder',
  'Insurance Provider',
  'Warehouse Provider',
  'Transport Provider',
  'Container Depot',
  'Consolidation Agent',
  'Other',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** The service types as pages show them (the stored value is the English name). */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  'Customs Broker': msg('Customs Broker'),
  'Freight Forwarder': msg('Freight Forwarder'),
  'Insurance Provider': msg('Insurance Provider'),
  'Warehouse Provider': msg('Warehouse Provider'),
  'Transport Provider': msg('Transport Provider'),
  'Container Depot': msg('Container Depot'),
  'Consolidation Agent': msg('Consolidation Agent'),
  Other: msg('Other'),
};
/** The edit form omits Consolidation Agent. */
export const SERVICE_TYPES_ON_EDIT = SERVICE_TYPES.filter((t) => t !== 'Consolidation Agent');

export const CHARGE_FIELDS = [
  'service_charge', 'customs_charge', 'insurance_charge', 'handling_charge',
  'documentation_charge', 'storage_charge', 'delivery_charge', 'other_charges',
] as const;
export const COST_FIELDS = [
  'freight_cost', 'customs_cost', 'insurance_cost', 'handling_cost',
  'documentation_cost', 'storage_cost', 'delivery_cost', 'other_costs',
] as const;
export type ChargeField = (typeof CHARGE_FIELDS)[number];
export type CostField = (typeof COST_FIELDS)[number];
