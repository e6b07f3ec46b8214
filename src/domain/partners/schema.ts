/**
 * Partners: carriers, service providers and consolidation agents (spec sections 2, 3, 5, 7).
 * All three share the organisation fields (name, country, registration_number, contact_email, contact_phone,
 * website); carriers add carrier_type and service providers add service_type.
 */
import { z } from 'zod';
import { CARRIER_TYPE_LABELS, CARRIER_TYPES, SERVICE_TYPES, SERVICE_TYPES_ON_EDIT, type CarrierType } from '@domain/common/enums';
import { listQuerySchema, pageSchema, sortable, websiteHref } from '@domain/common/list-schema';
import { CARRIER_CODE_MESSAGES, MAX_DIVISOR, MIN_DIVISOR, isIataCode, isIataPrefix, isScac } from '@domain/cargo/trade-numbers';
import { ENGLISH, msg } from '@domain/common/i18n';

export const PARTNER_LIMITS = { name: 200, country: 100, registration: 100, email: 254, phone: 40, website: 500, serviceType: 100 } as const;

export const PARTNER_MESSAGES = {
  carrierRequired: msg('Name, country and carrier type are required'),
  serviceProviderRequired: msg('Name, country and service type are required'),
  agentRequired: msg('Name and country are required'),
  invalidEmail: msg('Please enter a valid email address'),
  invalidPhone: msg('Please enter a valid phone number'),
  invalidWebsite: msg('Please enter a valid website address (for example example.com)'),
  invalidCarrierType: msg('Carrier type must be Airline, Shipping Line or Trucking Company'),
  invalidServiceType: msg('Please choose a service type from the list'),
  serviceTypeNotOnEdit: msg('Consolidation Agent can only be chosen when adding a service provider'),
  invalidCarrierTypeFilter: msg('carrier_type must be one of: airline, shipping_line, trucking_company'),
} as const;

/** The page titles and texts of the three lists (spec sections 2 and 8). */
export const PARTNER_TEXTS = {
  carriersEmpty: msg('No carriers found matching your filters'),
  serviceProvidersEmpty: msg('No service providers found'),
  agentsEmpty: msg('No consolidation agents found'),
  carriersError: msg('Error fetching carriers: '),
  serviceProvidersError: msg('Error fetching service providers: '),
  agentsError: msg('Error fetching consolidation agents: '),
  agentsTitle: msg('Consolidation Agents'),
  agentsSubtitle: msg('Manage consolidation agents for air freight'),
  agentDeleteTitle: msg('Delete Consolidation Agent'),
} as const;

/** '{n} carrier(s) found' (spec section 2), n being the total that matches the filters. */
export const carriersFoundText = (n: number) => ENGLISH.t(msg('{count} carrier(s) found'), { count: n });

/** 'Are you sure you want to delete {name}? This action cannot be undone.' */
export const deleteConfirmText = (name: string) => ENGLISH.t(msg('Are you sure you want to delete {name}? This action cannot be undone.'), { name });

/** The helper line under the carrier type select: which shipments a carrier of that type serves. */
export const CARRIER_TYPE_HINTS: Record<CarrierType, string> = {
  airline: msg('Airlines carry air freight; used for air shipments and partial shipments by air (Break Bulk).'),
  shipping_line: msg('Shipping lines carry sea freight; used for sea shipments and LCL (partial shipments by sea).'),
  trucking_company: msg('Trucking companies carry land freight; used for land shipments and LTL (partial shipments by land).'),
};
export const CARRIER_TYPE_HINT_NONE = msg('The carrier type decides which shipments can use this carrier.');

export function carrierTypeHint(type: string | null | undefined): string {
  return type && type in CARRIER_TYPE_HINTS ? CARRIER_TYPE_HINTS[type as CarrierType] : CARRIER_TYPE_HINT_NONE;
}

export function carrierTypeLabel(type: string): string {
  return type in CARRIER_TYPE_LABELS ? CARRIER_TYPE_LABELS[type as CarrierType] : type;
}

// ---- Contact field rules -------------------------------------------------------------------------

/** A phone number as people write it: digits with spaces, +, (), ., /, -, and an optional extension. */
export function isPhone(value: string): boolean {
  if (!/^\+?[0-9 ()./-]+(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 3 && digits <= 24;
}

/** A website with or without http(s)://: no spaces, no other scheme, no credentials, a host with a dot (or localhost). */
export function isWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(websiteHref(value));
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.hostname === 'localhost' || /^([a-z0-9-]+\.)+[a-z0-9-]{2,}$/i.test(url.hostname);
}

const tooLong = (label: string, max: number) => ENGLISH.t(msg('{label} must be at most {max} characters'), { label, max });

/** A required text: missing, null or blank all give the entity's one required message. */
const requiredText = (required: string, label: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong(label, max));

/** An optional text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: ENGLISH.t(msg('{label} must be text'), { label }) })
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => v || null);

const optionalChecked = (label: string, max: number, check: (v: string) => boolean, message: string) =>
  optionalText(label, max).refine((v) => v === null || check(v), { message });

const isEmail = (v: string) => z.email().safeParse(v).success;

function organisationShape(required: string) {
  return {
    name: requiredText(required, msg('Name'), PARTNER_LIMITS.name),
    country: requiredText(required, msg('Country'), PARTNER_LIMITS.country),
    registration_number: optionalText(msg('Registration number'), PARTNER_LIMITS.registration),
    contact_email: optionalChecked(msg('Email'), PARTNER_LIMITS.email, isEmail, PARTNER_MESSAGES.invalidEmail),
    contact_phone: optionalChecked(msg('Phone'), PARTNER_LIMITS.phone, isPhone, PARTNER_MESSAGES.invalidPhone),
    website: optionalChecked(msg('Website'), PARTNER_LIMITS.website, isWebsite, PARTNER_MESSAGES.invalidWebsite),
  };
}

// ---- Rows (responses) ----------------------------------------------------------------------------

const organisationRow = {
  id: z.string(),
  name: z.string(),
  country: z.string(),
  registration_number: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  website: z.string().nullable(),
  created_at: z.string(),
};

export const consolidationAgentSchema = z.object(organisationRow);
export type ConsolidationAgent = z.infer<typeof consolidationAgentSchema>;
export const carrierSchema = z.object({
  ...organisationRow,
  carrier_type: z.enum(CARRIER_TYPES),
  /** Airlines: the 3-digit air waybill prefix ('235') and the 2-character designator ('TK'). */
  iata_prefix: z.string().nullable(),
  iata_code: z.string().nullable(),
  /** Shipping lines and trucking companies: the Standard Carrier Alpha Code ('MAEU'). */
  scac: z.string().nullable(),
  /** The carrier's own volumetric divisor in cm³ per kg (a courier's 5000); wins over the mode's default. */
  volumetric_divisor: z.number().nullable(),
});
export type Carrier = z.infer<typeof carrierSchema>;
export const serviceProviderSchema = z.object({ ...organisationRow, service_type: z.string() });
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

export const consolidationAgentPageSchema = pageSchema(consolidationAgentSchema);
export const carrierPageSchema = pageSchema(carrierSchema);
export const serviceProviderPageSchema = pageSchema(serviceProviderSchema);

// ---- Inputs (create and edit) --------------------------------------------------------------------

export const consolidationAgentInputSchema = z.object(organisationShape(PARTNER_MESSAGES.agentRequired));
export type ConsolidationAgentInput = z.input<typeof consolidationAgentInputSchema>;

/** An optional code: trimmed, upper case without spaces, blank gives null, checked by `check`. */
const optionalCode = (label: string, check: (v: string) => boolean, message: string) =>
  optionalText(label, 10)
    .transform((v) => (v === null ? null : v.replace(/\s/g, '').toUpperCase()))
    .refine((v) => v === null || check(v), { message });

/**
 * Carrier codes belong to a carrier type: IATA prefix and code to airlines, SCAC to shipping lines and trucking
 * companies; a code of the other kind is dropped on save (`carrierCodesFor`).
 */
export const carrierInputSchema = z.object({
  ...organisationShape(PARTNER_MESSAGES.carrierRequired),
  carrier_type: z
    .string({ error: PARTNER_MESSAGES.carrierRequired })
    .trim()
    .min(1, PARTNER_MESSAGES.carrierRequired)
    .pipe(z.enum(CARRIER_TYPES, { message: PARTNER_MESSAGES.invalidCarrierType })),
  iata_prefix: optionalCode(msg('IATA Prefix'), isIataPrefix, CARRIER_CODE_MESSAGES.iataPrefix),
  iata_code: optionalCode(msg('IATA Code'), isIataCode, CARRIER_CODE_MESSAGES.iataCode),
  scac: optionalCode('SCAC', isScac, CARRIER_CODE_MESSAGES.scac),
  volumetric_divisor: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ message: CARRIER_CODE_MESSAGES.divisor })
      .int(CARRIER_CODE_MESSAGES.divisor)
      .min(MIN_DIVISOR, CARRIER_CODE_MESSAGES.divisor)
      .max(MAX_DIVISOR, CARRIER_CODE_MESSAGES.divisor)
      .nullable(),
  ).optional(),
});

/** The codes stored for a carrier type: an airline keeps IATA prefix and code, the others their SCAC. */
export function carrierCodesFor<T extends { carrier_type: CarrierType; iata_prefix: string | null; iata_code: string | null; scac: string | null }>(c: T): T {
  return c.carrier_type === 'airline' ? { ...c, scac: null } : { ...c, iata_prefix: null, iata_code: null };
}
export type CarrierInput = z.input<typeof carrierInputSchema>;

const serviceTypeText = requiredText(PARTNER_MESSAGES.serviceProviderRequired, msg('Service type'), PARTNER_LIMITS.serviceType);

/** Adding: the service type is one of SERVICE_TYPES. */
export const serviceProviderCreateSchema = z.object({
  ...organisationShape(PARTNER_MESSAGES.serviceProviderRequired),
  service_type: serviceTypeText.refine((v) => isServiceType(v), { message: PARTNER_MESSAGES.invalidServiceType }),
});
/** Editing: the type is checked against the stored one by `serviceTypeOnEditError` (a kept legacy value is fine). */
export const serviceProviderUpdateSchema = z.object({
  ...organisationShape(PARTNER_MESSAGES.serviceProviderRequired),
  service_type: serviceTypeText,
});
export type ServiceProviderInput = z.input<typeof serviceProviderCreateSchema>;

export function isServiceType(value: string): boolean {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/**
 * The service type options of the edit form: SERVICE_TYPES_ON_EDIT, plus the record's current type when it is
 * not among them (Consolidation Agent or an older value), so that opening and saving never changes it silently.
 */
export function serviceTypeOptionsOnEdit(current: string | null | undefined): string[] {
  const options: string[] = [...SERVICE_TYPES_ON_EDIT];
  if (current && !options.includes(current)) options.push(current);
  return options;
}

/** On edit the new type must be an edit option or the unchanged current type; null when allowed. */
export function serviceTypeOnEditError(next: string, current: string): string | null {
  if (next === current || (SERVICE_TYPES_ON_EDIT as readonly string[]).includes(next)) return null;
  return next === 'Consolidation Agent' ? PARTNER_MESSAGES.serviceTypeNotOnEdit : PARTNER_MESSAGES.invalidServiceType;
}

// ---- List queries --------------------------------------------------------------------------------

export const consolidationAgentListQuerySchema = listQuerySchema.extend({
  sort: sortable(['name', 'country', 'created_at'], 'name'),
});
export type ConsolidationAgentListQuery = z.infer<typeof consolidationAgentListQuerySchema>;

export const serviceProviderListQuerySchema = listQuerySchema.extend({
  sort: sortable(['name', 'country', 'service_type', 'created_at'], 'name'),
});
export type ServiceProviderListQuery = z.infer<typeof serviceProviderListQuerySchema>;

export const carrierListQuerySchema = listQuerySchema.extend({
  sort: sortable(['name', 'country', 'carrier_type', 'created_at'], 'name'),
  /** Empty means all types. */
  carrier_type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CARRIER_TYPES, { message: PARTNER_MESSAGES.invalidCarrierTypeFilter }).optional(),
  ),
});
export type CarrierListQuery = z.infer<typeof carrierListQuerySchema>;

// ---- URL state of the list pages -----------------------------------------------------------------

/** /service-providers and /consolidation-agents keep their search and page in the URL. */
export const partnerListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type PartnerListSearch = z.infer<typeof partnerListSearchSchema>;

/** /carriers adds the carrier type filter (absent = All Types). */
export const carrierListSearchSchema = partnerListSearchSchema.extend({
  type: z.enum(CARRIER_TYPES).optional().catch(undefined),
});
export type CarrierListSearch = z.infer<typeof carrierListSearchSchema>;
