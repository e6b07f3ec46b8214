/**
 * What a request carries besides its route and cargo (issue 45, decision record 0280): the customer's own reference
 * (their PO number), the parties (shipper, consignee, notify) picked from or saved to the company's address book,
 * and the gross weight in the unit it was entered in (stored in kg, shown as entered). The form and the server read
 * the same fields and rules; on acceptance the shipment gets the reference and the parties.
 */
import { z } from 'zod';
import { msg } from '@domain/common/i18n';
import { flag, optionalChoice, optionalText } from '@domain/shipments/fields-schema';
import { round } from '@domain/common/values';

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
/** The international avoirdupois pound, exactly (1959 agreement; NIST Handbook 44, Appendix C). */
export const KG_PER_LB = 0.45359237;

/** A weight entered in `unit` as kg, to the gram (the measures' 3 decimals). */
export const toKg = (value: number, unit: WeightUnit): number => (unit === 'lb' ? round(value * KG_PER_LB, 3) : value);

export const REQUEST_PARTIES = ['shipper', 'consignee', 'notify'] as const;
export type RequestParty = (typeof REQUEST_PARTIES)[number];
export const REQUEST_PARTY_LABELS: Record<RequestParty, string> = { shipper: msg('Shipper'), consignee: msg('Consignee'), notify: msg('Notify party') };

export const PARTY_MESSAGES = {
  partyName: (party: RequestParty) =>
    party === 'shipper' ? msg('Shipper Name is required with its address') : party === 'consignee' ? msg('Consignee Name is required with its address') : msg('Notify Party Name is required with its address'),
} as const;

/** The request body's fields of this module, spread into requestInputSchema. */
export const requestExtraFields = {
  po_number: optionalText(msg('PO Number'), 100),
  weight_unit: optionalChoice(msg('Weight Unit'), WEIGHT_UNITS),
  shipper_name: optionalText(msg('Shipper Name'), 200),
  shipper_address: optionalText(msg('Shipper Address'), 500),
  consignee_name: optionalText(msg('Consignee Name'), 200),
  consignee_address: optionalText(msg('Consignee Address'), 500),
  notify_name: optionalText(msg('Notify Party Name'), 200),
  notify_address: optionalText(msg('Notify Party Address'), 500),
  /** Keep the parties in the company's address book for the next request. */
  save_parties: flag(msg('Save to address book')),
};

type Extra = { [K in keyof typeof requestExtraFields]: z.output<(typeof requestExtraFields)[K]> };

/** A party given by its address alone has no name to print: every such party, on its name field. */
export function partyIssues(r: Pick<Extra, `${RequestParty}_name` | `${RequestParty}_address`>): { field: string; message: string }[] {
  return REQUEST_PARTIES.filter((p) => !r[`${p}_name`] && r[`${p}_address`]).map((p) => ({ field: `${p}_name`, message: PARTY_MESSAGES.partyName(p) }));
}

/** The parties of a request that name someone, for the address book. */
export const namedParties = (r: Pick<Extra, `${RequestParty}_name` | `${RequestParty}_address`>) =>
  REQUEST_PARTIES.flatMap((p) => (r[`${p}_name`] ? [{ name: r[`${p}_name`]!, address: r[`${p}_address`] ?? null }] : []));

/** What the API answers of these fields on a request: the weight as entered beside the stored kg. */
export const requestExtraOutput = {
  po_number: z.string().nullable(),
  weight_unit: z.enum(WEIGHT_UNITS),
  /** The gross weight as the customer typed it, in weight_unit; weight_gross is always kg. */
  weight_entered: z.number(),
  shipper_name: z.string().nullable(),
  shipper_address: z.string().nullable(),
  consignee_name: z.string().nullable(),
  consignee_address: z.string().nullable(),
  notify_name: z.string().nullable(),
  notify_address: z.string().nullable(),
};

/** An address book entry (GET /api/address-book). */
export const addressBookEntrySchema = z.object({ id: z.string(), name: z.string(), address: z.string().nullable() });
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;
export const addressBookSchema = z.object({ rows: z.array(addressBookEntrySchema) });
/** The most entries the address book answers (the most recently used first). */
export const MAX_ADDRESS_BOOK = 200;
