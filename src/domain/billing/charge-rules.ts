/**
 * The rules of a shipment's charge lines as the Charges panel and its API apply them (issue 38, decision record 0258):
 * the limits of the stored decimals, the messages people read, and what may change a line. Pure: no zod (the wire
 * shapes are in schema.ts and charges-schema.ts).
 */
import { dec, type Decimal } from '@domain/money/decimal';
import { CATEGORY_LABELS, type ChargeCategory, type SupplierKind } from './lines';
import { ENGLISH, msg } from '@domain/common/i18n';

export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = { carrier: msg('Carrier'), agent: msg('Consolidation agent'), service_provider: msg('Service provider') };

/** No supplier of the kind chosen: one message a kind (the kind's label in lower case). */
const SUPPLIER_UNKNOWN: Record<SupplierKind, string> = {
  carrier: msg('No such carrier: choose one from the list'),
  agent: msg('No such consolidation agent: choose one from the list'),
  service_provider: msg('No such service provider: choose one from the list'),
};

/** A seed field's name as people read it: freight_cost -> Freight Cost. */
const fieldLabel = (field: string) => field.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export const CHARGE_MESSAGES = {
  notFound: msg('Charge line not found on this shipment'),
  notYourShipment: msg("Only the shipment's handler or an administrator can change its charges."),
  codeUnknown: (code: string) => ENGLISH.t(msg('Charge code {code} is not in the list; an administrator can add it under Charge Codes'), { code }),
  codeInactive: (code: string) => ENGLISH.t(msg('Charge code {code} is no longer in use; choose another code'), { code }),
  codeCategory: (code: string, category: ChargeCategory) =>
    ENGLISH.t(msg('{code} is a {category} code: choose the category {category} or another code'), { code, category: CATEGORY_LABELS[category] }),
  supplierPair: msg('Choose both the kind of supplier and the supplier, or neither'),
  supplierUnknown: (kind: SupplierKind) => SUPPLIER_UNKNOWN[kind],
  quantityLimit: msg('Quantity has at most 6 decimals and must be below 1,000,000,000,000'),
  unitPriceLimit: msg('Unit price has at most 6 decimals and must be below 100,000,000,000,000'),
  amountLimit: msg('Quantity x unit price is too large for one line'),
  vatRateLimit: msg('VAT rate has at most 2 decimals, such as 20 or 2.1'),
  billed: (number: string | null) =>
    number
      ? ENGLISH.t(msg('This line is billed on invoice {number} and cannot be changed or removed; correct it with a credit note'), { number })
      : msg('This line is on a draft invoice and cannot be changed or removed; take it off the draft first'),
  matched: (number: string) => ENGLISH.t(msg('This cost is matched to supplier bill {number}; unmatch it on the bill first'), { number }),
  fieldLine: (field: string) => ENGLISH.t(msg("This line is the shipment's {field} field; change it on the shipment form"), { field: fieldLabel(field) }),
  codeExists: (code: string) => ENGLISH.t(msg('Charge code {code} already exists'), { code }),
  codeNotFound: (code: string) => ENGLISH.t(msg('Charge code {code} not found'), { code }),
} as const;

/** The stored columns' limits: quantity numeric(18,6), unit price numeric(20,6), amount numeric(20,4), VAT rate numeric(5,2). */
const LIMITS = { quantity: { places: 6, below: dec('1000000000000') }, unitPrice: { places: 6, below: dec('100000000000000') }, amount: dec('10000000000000000') };

const placesOf = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);
const within = (s: string, places: number, below: Decimal) => placesOf(s) <= places && dec(s).abs().lt(below);

/**
 * What the stored columns cannot hold exactly, by field (null when all fits): more decimals than the column keeps
 * would be rounded silently, more digits would not fit. Takes the values as the contract parsed them (decimal strings).
 */
export function chargeLineLimitProblems(v: { quantity: string; unit_price: string; vat_rate?: string | null | undefined }): Record<string, string> | null {
  const fields: Record<string, string> = {};
  if (!within(v.quantity, LIMITS.quantity.places, LIMITS.quantity.below)) fields.quantity = CHARGE_MESSAGES.quantityLimit;
  if (!within(v.unit_price, LIMITS.unitPrice.places, LIMITS.unitPrice.below)) fields.unit_price = CHARGE_MESSAGES.unitPriceLimit;
  if (v.vat_rate && placesOf(v.vat_rate) > 2) fields.vat_rate = CHARGE_MESSAGES.vatRateLimit;
  if (!fields.quantity && !fields.unit_price && dec(v.quantity).times(dec(v.unit_price)).abs().gte(LIMITS.amount)) fields.unit_price = CHARGE_MESSAGES.amountLimit;
  return Object.keys(fields).length ? fields : null;
}

/** Why a line may not be changed or removed on the panel (null: it may): billed on an invoice, matched to a supplier bill, or one of the form's fields. */
export function lineLockReason(line: { invoice_id: string | null; invoice_number?: string | null; field: string | null; matched_bill_number?: string | null | undefined }): string | null {
  if (line.invoice_id) return CHARGE_MESSAGES.billed(line.invoice_number ?? null);
  if (line.matched_bill_number) return CHARGE_MESSAGES.matched(line.matched_bill_number);
  if (line.field) return CHARGE_MESSAGES.fieldLine(line.field);
  return null;
}

/** A stored decimal ('2.000000', '12.500000') as people write it, with at least `minPlaces` decimals: '2', '12.50'. */
export function plainDecimal(stored: string, minPlaces = 0): string {
  const [int, frac = ''] = stored.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(minPlaces, '0');
  return kept ? `${int}.${kept}` : int!;
}

/** '2,401.01 USD': a decimal string grouped by thousands, with its currency; no float on the way. */
export function formatAmount(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  const [int, frac] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''} ${currency}`;
}

/**
 * Whether the Charges panel and the customer's card list a line: every line but a form field left at its default 0
 * (a new shipment's sixteen fields start at '0' in USD, spec section 9). Such a line bills nothing and changes no total.
 */
export const isListedLine = (line: { field?: string | null; amount: string }): boolean => !line.field || /[1-9]/.test(line.amount);
