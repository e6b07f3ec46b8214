/**
 * The papers the portal generates from a shipment's data (issue 16): which ones fit a shipment, how their files are
 * named, which shipment fields each prints, and the note a printed field shows once a final version exists. Shared by
 * the server (generation, the list of versions) and the staff pages (the Generate menu, the edit form's notes).
 */
import { z } from 'zod';
import { transportOf } from '@domain/shipments/labels';
import { msg } from '@domain/common/i18n';

export const GENERATED_KINDS = ['hbl', 'hawb', 'cmr', 'arrival_notice', 'booking_confirmation', 'debit_note'] as const;
export type GeneratedKind = (typeof GENERATED_KINDS)[number];

type ShipmentShape = { type: string; transport_mode?: string | null; loading_type: string };

type KindInfo = {
  /** The paper's name as printed on it and offered in the Generate menu. */
  label: string;
  /** The start of the file name: `HBL-CD-S2611-1096-v2.pdf`. */
  prefix: string;
  /** Whether the paper belongs to this shipment. */
  fits: (s: ShipmentShape) => boolean;
  /** The shipment fields the paper prints (the detail answer's keys): an edit of one after a final version shows a note. */
  fields: readonly string[];
};

const PARTIES = ['shipper_name', 'shipper_address', 'consignee_name', 'consignee_address', 'notify_name', 'notify_address'] as const;
const CARGO = ['cargo_description', 'packages_count', 'package_type', 'weight_gross', 'volume', 'pieces', 'hs_code', 'dangerous_goods', 'un_number', 'hazard_class'] as const;
/**
 * The charges a paper prints: the shipment's sell lines (`charges`, issue 38: the form's fields and the Charges panel's
 * lines alike), and the form's eight charge fields by name, so that the form notes which of them a final paper printed.
 */
const CHARGES = [
  'charges', 'service_charge', 'customs_charge', 'insurance_charge', 'handling_charge', 'documentation_charge', 'storage_charge', 'delivery_charge',
  'other_charges',
] as const;

export const GENERATED_KIND_INFO: Record<GeneratedKind, KindInfo> = {
  hbl: {
    label: msg('House Bill of Lading'),
    prefix: 'HBL',
    fits: (s) => transportOf(s) === 'sea',
    fields: [
      'reference_number', 'house_bl_number', 'customer_reference', 'carrier_booking_reference', ...PARTIES, 'vessel_name', 'voyage_number',
      'origin_port', 'destination_port', 'origin_city', 'destination_city', 'pre_carriage_by', 'place_of_receipt', 'on_carriage_by',
      'place_of_delivery', 'freight_terms', 'freight_payable_at', 'shipped_on_board_date', 'marks_and_numbers', 'containers', ...CARGO,
      'incoterm', 'incoterm_place', 'special_instructions',
    ],
  },
  hawb: {
    label: msg('House Air Waybill'),
    prefix: 'HAWB',
    fits: (s) => transportOf(s) === 'air',
    fields: [
      'reference_number', 'hawb_number', 'mawb_number', ...PARTIES, 'shipper_account_number', 'consignee_account_number', 'origin_airport',
      'destination_airport', 'flight_number', 'onward_flights', 'estimated_departure', 'commodity_item_number', 'carrier_name', ...CARGO, 'weight_chargeable', 'cargo_value', 'cargo_value_currency',
      'declared_value_carriage', 'cargo_insurance_value', 'cargo_insurance_value_currency', 'freight_terms', 'incoterm', 'incoterm_place',
      'special_instructions', ...CHARGES,
    ],
  },
  cmr: {
    label: msg('CMR Consignment Note'),
    prefix: 'CMR',
    fits: (s) => transportOf(s) === 'land',
    fields: [
      'reference_number', ...PARTIES, 'origin_address', 'origin_city', 'origin_country', 'destination_address', 'destination_city',
      'destination_country', 'pickup_date', 'carrier_id', 'service_provider_id', 'truck_plate_number', 'trailer_plate_number', 'truck_type', ...CARGO,
      'marks_and_numbers', 'sender_instructions', 'freight_terms', 'cash_on_delivery', 'cash_on_delivery_currency', 'special_agreements',
      'packing_group', 'tunnel_code',
    ],
  },
  arrival_notice: {
    label: msg('Arrival Notice'),
    prefix: 'AN',
    fits: (s) => s.loading_type === 'import',
    fields: [
      'reference_number', 'customer_reference', 'hawb_number', 'mawb_number', ...PARTIES, 'vessel_name', 'voyage_number', 'flight_number',
      'origin_port', 'destination_port', 'origin_airport', 'destination_airport', 'estimated_arrival', 'containers', ...CARGO,
      'customs_status', ...CHARGES, 'house_bl_number', 'pickup_terminal', 'free_time_days', 'release_conditions', 'freight_terms',
      'freight_payable_at',
    ],
  },
  booking_confirmation: {
    label: msg('Booking Confirmation'),
    prefix: 'BC',
    fits: () => true,
    fields: [
      'reference_number', 'customer_reference', 'shipper_name', 'shipper_address', 'consignee_name', 'consignee_address',
      'origin_city', 'origin_country', 'destination_city', 'destination_country', 'origin_port', 'destination_port', 'origin_airport',
      'destination_airport', 'estimated_departure', 'estimated_arrival', 'vessel_name', 'voyage_number', 'flight_number', 'containers',
      ...CARGO, 'incoterm', 'incoterm_place', 'carrier_id', 'carrier_name', 'carrier_booking_reference',
      'documents_cutoff', 'vgm_cutoff', 'port_cutoff', 'empty_pickup_depot', 'full_return_depot',
    ],
  },
  debit_note: {
    label: msg('Debit Note'),
    prefix: 'DN',
    fits: () => true,
    fields: ['reference_number', 'customer_reference', ...CHARGES, 'payment_terms', 'payment_due_date', 'currency'],
  },
};

/** The papers that fit the shipment, in the menu's order. */
export function kindsFor(s: ShipmentShape): GeneratedKind[] {
  return GENERATED_KINDS.filter((k) => GENERATED_KIND_INFO[k].fits(s));
}

/** `HBL-CD-S2611-1096-v2.pdf`: the paper, the shipment's reference and the version. */
export function generatedFileName(kind: GeneratedKind, reference: string, version: number): string {
  return `${GENERATED_KIND_INFO[kind].prefix}-${reference}-v${version}.pdf`;
}

/** The short name of a version, as notes and lists say it: `HBL v2`. */
export function versionLabel(kind: GeneratedKind, version: number): string {
  return `${GENERATED_KIND_INFO[kind].prefix} v${version}`;
}

/** The values a version printed, keyed by field: what the shipment said when it was generated. */
export function printedValues(kind: GeneratedKind, shipment: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(GENERATED_KIND_INFO[kind].fields.map((f) => [f, shipment[f] ?? null]));
}

/** JSON with every object's keys in order: a value stored as jsonb comes back with its keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The printed fields whose value the shipment no longer has (containers and pieces compared by content). */
export function changedSincePrinted(printed: Record<string, unknown>, shipment: Record<string, unknown>): string[] {
  return Object.keys(printed).filter((f) => canonical(printed[f]) !== canonical(shipment[f]));
}

/**
 * The note each printed field shows on the edit form while a final version exists: `Printed on HBL v2, final`, one
 * per final version that printed it (joined with "; "), for the form's own field names too (containers are one field).
 */
export function printedFieldNotes(finals: readonly { kind: GeneratedKind; version: number }[]): Record<string, string> {
  const notes: Record<string, string[]> = {};
  for (const v of finals) {
    for (const f of GENERATED_KIND_INFO[v.kind].fields) (notes[f] ??= []).push(`${versionLabel(v.kind, v.version)}, final`);
  }
  return Object.fromEntries(Object.entries(notes).map(([f, list]) => [f, `Printed on ${list.join('; ')}`]));
}

export const GENERATED_MESSAGES = {
  notFit: msg('This document does not fit this shipment'),
  unknownKind: msg('Document must be one of: hbl, hawb, cmr, arrival_notice, booking_confirmation, debit_note'),
  notFound: msg('Generated document not found'),
  alreadyFinal: msg('This version is already final'),
} as const;

/**
 * The versions a paper list shows at first (issue 41): of each kind, the newest version and the newest final one (the
 * one the customer sees); the older ones fold behind a button. Keeps the rows' order.
 */
export function foldVersions<V extends { id: string; kind: string; version: number; final: boolean }>(rows: readonly V[]): { shown: V[]; older: V[] } {
  const keep = new Set<string>();
  for (const pick of [(_: V) => true, (v: V) => v.final]) {
    const newest = new Map<string, V>();
    for (const v of rows) if (pick(v) && (newest.get(v.kind)?.version ?? -1) < v.version) newest.set(v.kind, v);
    for (const v of newest.values()) keep.add(v.id);
  }
  return { shown: rows.filter((v) => keep.has(v.id)), older: rows.filter((v) => !keep.has(v.id)) };
}

/**
 * A house bill of lading's number (issue 41): the series' prefix, the year and month of issue, and the month's
 * number in six digits — 'CDKIST', November 2026, 123 make 'CDKIST2611000123'. Months in UTC.
 */
export function houseBlNumber(prefix: string, issuedAt: Date, sequence: number): string {
  return `${prefix}${blPeriod(issuedAt)}${String(sequence).padStart(6, '0')}`;
}

/** The series' period of a date: 'YYMM' in UTC ('2611' for November 2026). */
export const blPeriod = (d: Date): string => `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

export const generateInputSchema = z.object({
  kind: z.enum(GENERATED_KINDS, { message: GENERATED_MESSAGES.unknownKind }),
});

/** One version of a generated paper, as GET /api/shipments/:id/generated-documents answers it. */
export const generatedVersionSchema = z.object({
  id: z.string(),
  kind: z.enum(GENERATED_KINDS),
  label: z.string(),
  version: z.number().int(),
  /** The document (files.name): preview and download go through the documents routes. */
  document_name: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  final: z.boolean(),
  finalized_at: z.string().nullable(),
  finalized_by_name: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  /** Printed fields whose value has changed since (staff only). */
  changed_fields: z.array(z.string()),
});
export type GeneratedVersion = z.infer<typeof generatedVersionSchema>;

export const BL_SIGNED_AS = ['carrier', 'agent'] as const;
export type BlSignedAs = (typeof BL_SIGNED_AS)[number];

/** The company's letterhead, printed at the top of every generated paper (Settings, admins). */
export const LETTERHEAD_LIMITS = { name: 120, address: 400, line: 120, logoBytes: 512 * 1024 } as const;
export const letterheadSchema = z.object({
  name: z.string().trim().min(1, msg('Company name is required')).max(LETTERHEAD_LIMITS.name, msg('Company name must be at most 120 characters')),
  address: z.string().trim().max(LETTERHEAD_LIMITS.address, msg('Address must be at most 400 characters')),
  phone: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('Phone must be at most 120 characters')),
  email: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('Email must be at most 120 characters')),
  tax_id: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('Tax ID must be at most 120 characters')),
  // Issue 41. Left out, each keeps its value (clients written before them still save the rest).
  /** The trade registry number (in Türkiye the MERSIS number), printed under the tax ID. */
  registration_number: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('Registration number must be at most 120 characters')).optional(),
  /** Where the papers are issued ('İstanbul'): the house bill of lading's place of issue, the CMR's box 21. */
  place_of_issue: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('Place of issue must be at most 120 characters')).optional(),
  /** The house B/L numbers' series: 'CDKIST' gives CDKIST2611000123 (year, month, then the month's number). */
  bl_prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, msg('The B/L prefix is 2 to 10 letters or digits, such as CDKIST'))
    .optional(),
  /** The issuing agent's IATA code (7 digits and a check digit, as IATA's agency list writes it) and its account. */
  iata_agent_code: z.string().trim().max(20, msg('IATA code must be at most 20 characters')).optional(),
  iata_account: z.string().trim().max(LETTERHEAD_LIMITS.line, msg('IATA account must be at most 120 characters')).optional(),
  /** A house bill is signed as the carrier (an NVOCC's own bill) or as agent for the carrier. */
  bl_signed_as: z.enum(BL_SIGNED_AS, { message: msg('Sign the bill as carrier or as agent') }).optional(),
  /** The terms and conditions the bill refers to ('FIATA Multimodal Transport Bill of Lading terms, 1992'). */
  bl_terms: z.string().trim().max(LETTERHEAD_LIMITS.address, msg('Terms reference must be at most 400 characters')).optional(),
});
export type LetterheadInput = z.infer<typeof letterheadSchema>;
export type Letterhead = Required<LetterheadInput> & { has_logo: boolean; updated_at: string | null };
