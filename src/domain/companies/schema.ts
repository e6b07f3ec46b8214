/**
 * Companies and their contacts (spec sections 2, 3, 5, 6): request and response schemas shared by the API
 * and the forms, the validation messages, and the small display rules of the company screens.
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { SHIPMENT_TYPES, TRANSPORT_MODES } from '@domain/common/enums';
import { shipmentRouteShape } from '@domain/shipments/list-schema';
import { ENGLISH, LOCALE_PATTERN, msg, type Reader } from '@domain/common/i18n';

export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;
export const COMPANY_ADDRESS_MAX = 500;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_POSITION_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
/** The /companies table and the company's shipments table (spec section 9). */
export const COMPANIES_PAGE_SIZE = 10;
/** The /company card grid: a multiple of its 1, 2 and 3 columns. */
export const COMPANY_CARDS_PAGE_SIZE = 12;

export const COMPANY_MESSAGES = {
  nameRequired: msg('Company name is required'),
  nameLength: msg('Company name must be between 2 and 100 characters'),
  addressLength: msg('Address must be at most 500 characters'),
  vatNumber: msg('VAT number: 2 to 40 letters, digits, spaces, dots or dashes, such as TR1234567890'),
  country: msg('Country is a two-letter ISO code such as TR'),
  paymentTerms: msg('Payment terms are a whole number of days from 0 to 365'),
  firstNameRequired: msg('First name is required'),
  lastNameRequired: msg('Last name is required'),
  firstNameLength: msg('First name must be at most 100 characters'),
  lastNameLength: msg('Last name must be at most 100 characters'),
  invalidEmail: msg('Please enter a valid email address'),
  invalidPhone: msg('Please enter a valid phone number'),
  positionLength: msg('Position must be at most 100 characters'),
  duplicateContactEmail: msg('A contact with this email already exists'),
  companyNotFound: msg('Company not found'),
  contactNotFound: msg('Contact not found'),
  hasShipments: msg('This company has shipments and cannot be deleted.'),
  deleteConfirm: msg('Are you sure you want to delete this company? This action cannot be undone.'),
  noAddress: msg('No address provided'),
  noCompanies: msg('No companies found'),
  noContacts: msg('No contacts found'),
  noContactsYet: msg('No Contacts Yet'),
  noShipmentsYet: msg('No Shipments Yet'),
  noShipmentsText: msg('This company has no shipments on record.'),
  shipmentsLoadFailed: msg('Failed to load shipments'),
} as const;

/** The 409 text when a company that still has shipments is deleted: the spec's rule first, then what to do. */
export function hasShipmentsMessage(count?: number): string {
  if (count === undefined) return msg('This company has shipments and cannot be deleted. It has shipments on record; delete or move them to another company first. Nothing was deleted.');
  if (count === 1) return msg('This company has shipments and cannot be deleted. It has 1 shipment on record; delete or move them to another company first. Nothing was deleted.');
  return ENGLISH.t(msg('This company has shipments and cannot be deleted. It has {count} shipments on record; delete or move them to another company first. Nothing was deleted.'), { count });
}

/** The delete dialog: the spec's sentence, then what else goes with the company (its contacts). */
export function deleteCompanyMessage(contactsCount: number): string {
  const tail =
    contactsCount === 0
      ? 'It has no contacts.'
      : contactsCount === 1
        ? 'Its 1 contact will be deleted too.'
        : `Its ${contactsCount} contacts will be deleted too.`;
  return `${COMPANY_MESSAGES.deleteConfirm} ${tail}`;
}

/** Trimmed text; an empty value becomes null (optional fields). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

// ----- Company -----

export const companyInputSchema = z.object({
  name: z
    .string({ error: COMPANY_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nameRequired)
    .refine((v) => v.length === 0 || (v.length >= COMPANY_NAME_MIN && v.length <= COMPANY_NAME_MAX), COMPANY_MESSAGES.nameLength),
  address: optionalText(COMPANY_ADDRESS_MAX, COMPANY_MESSAGES.addressLength),
  // Billing (issue 38): the buyer's VAT number, country and payment terms. Absent keys keep the stored value; null
  // (or an empty text) clears it, and the invoice then uses the billing settings' payment terms.
  vat_number: optionalText(40, COMPANY_MESSAGES.vatNumber)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z0-9][A-Z0-9 .-]{1,39}$/.test(v), COMPANY_MESSAGES.vatNumber)
    .optional(),
  country: optionalText(2, COMPANY_MESSAGES.country)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z]{2}$/.test(v), COMPANY_MESSAGES.country)
    .optional(),
  payment_terms_days: z
    .number({ error: COMPANY_MESSAGES.paymentTerms })
    .int(COMPANY_MESSAGES.paymentTerms)
    .min(0, COMPANY_MESSAGES.paymentTerms)
    .max(365, COMPANY_MESSAGES.paymentTerms)
    .nullable()
    .optional(),
  // The language of what the portal sends the company (issue 42): mails to its contacts, its papers and invoices.
  // Absent keeps the stored one; the server checks it is a language Cargodesk speaks.
  language: z.string().regex(LOCALE_PATTERN, msg('Choose a language from the list.')).optional(),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  vat_number: z.string().nullable(),
  country: z.string().nullable(),
  payment_terms_days: z.number().int().nullable(),
  language: z.string(),
  created_at: z.string(),
  contacts_count: z.number().int(),
  shipments_count: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListQuerySchema = listQuerySchema;
export const companyPageSchema = pageSchema(companySchema);
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const companyOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/**
 * GET /companies/same-name: the companies already named like this one, ignoring case, accents and outer spaces
 * ("muller spedition" and "Müller Spedition"); `exclude` leaves out the company being edited. The form warns; saving
 * is still allowed, since two companies may share a name.
 */
export const sameNameQuerySchema = z.object({
  name: z.string().trim().min(1, msg('Enter a company name')).max(COMPANY_NAME_MAX, COMPANY_MESSAGES.nameLength),
  exclude: z.uuid(msg('exclude must be a company id')).optional(),
});
export const sameNameAnswerSchema = z.object({ rows: z.array(companyOptionSchema) });

/** The form's warning when companies with the same name exist (at most a few are named), in the reader's language. */
export function sameNameWarning(names: string[], reader: Reader = ENGLISH): string {
  if (names.length === 0) return '';
  if (names.length === 1) return reader.t(msg('A company named “{name}” already exists. You can still save if this is a different company.'), { name: names[0] });
  const quoted = new Intl.ListFormat(reader.locale, { type: 'conjunction' }).format(names.map((n) => `“${n}”`));
  return reader.t(msg('Companies named {names} already exist. You can still save if this is a different company.'), { names: quoted });
}

// ----- Contact (the spec's customers table) -----

/** Digits with the usual separators, an optional leading +, and 5 to 20 digits in all (tel inputs do not check). */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9\s().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}

export const contactInputSchema = z.object({
  first_name: z
    .string({ error: COMPANY_MESSAGES.firstNameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.firstNameRequired)
    .max(CONTACT_NAME_MAX, COMPANY_MESSAGES.firstNameLength),
  last_name: z
    .string({ error: COMPANY_MESSAGES.lastNameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.lastNameRequired)
    .max(CONTACT_NAME_MAX, COMPANY_MESSAGES.lastNameLength),
  email: z
    .string({ error: COMPANY_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .max(CONTACT_EMAIL_MAX, COMPANY_MESSAGES.invalidEmail)
    .refine((v) => v === '' || z.email().safeParse(v).success, COMPANY_MESSAGES.invalidEmail)
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: z
    .string({ error: COMPANY_MESSAGES.invalidPhone })
    .trim()
    .refine((v) => v === '' || isValidPhone(v), COMPANY_MESSAGES.invalidPhone)
    .nullish()
    .transform((v) => (v ? v : null)),
  position: optionalText(CONTACT_POSITION_MAX, COMPANY_MESSAGES.positionLength),
  is_primary_contact: z.boolean({ error: msg('is_primary_contact must be true or false') }).optional().default(false),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  is_primary_contact: z.boolean(),
  /** A portal account exists for this contact's email (they signed up as a customer). */
  has_account: z.boolean(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.object({ rows: z.array(contactSchema) });

export const contactFullName = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`.trim();

// ----- The company's shipments -----

export const companyShipmentSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  /** For partial shipments: the mode behind the 'Partial (LCL)' badge. */
  transport_mode: z.enum(TRANSPORT_MODES).nullable(),
  status: z.string(),
  ...shipmentRouteShape,
  created_at: z.string(),
});
export type CompanyShipment = z.infer<typeof companyShipmentSchema>;
export const companyShipmentPageSchema = pageSchema(companyShipmentSchema);
export type CompanyShipmentPage = z.infer<typeof companyShipmentPageSchema>;
export const companyShipmentsQuerySchema = listQuerySchema.omit({ q: true, dir: true });

/** "3 shipments", "1 shipment": the count label of the company's shipments table. */
export const shipmentCountLabel = (n: number) => (n === 1 ? '1 shipment' : `${n} shipments`);

// ----- URL search params of the company screens -----

/** The router parses search values as JSON already (?page=2 is the number 2), so no coercion: the input type stays exact. */
export const companySearchSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});
export type CompanySearch = z.infer<typeof companySearchSchema>;
