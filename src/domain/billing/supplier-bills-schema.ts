/**
 * The supplier bills' wire contract (issue 39, decision record 0264): the input the web form and the server share
 * (with messages people read), the answers, the list's query and the payables ageing. Rules are in supplier-bills.ts.
 */
import { z } from 'zod';
import { listFilter, listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { isDecimalString, dec } from '@domain/money/decimal';
import { currencySchema, isoDateSchema } from './schema';
import { SUPPLIER_KINDS } from './lines';
import { MAX_BILL_LINES, SUPPLIER_BILL_MESSAGES as M, SUPPLIER_BILL_STATES, tooManyPlaces } from './supplier-bills';
import { ENGLISH, msg } from '@domain/common/i18n';

const decimalText = (message: string) => z.union([z.string(), z.number()], { error: message }).transform((v) => String(v).trim()).refine(isDecimalString, message);
const optionalText = (max: number) => z.string().trim().max(max, ENGLISH.t(msg('At most {max} characters'), { max })).optional().nullable().transform((v) => (v ? v : null));
const optionalId = (message: string) => z.preprocess((v) => (v === '' ? null : v), z.uuid({ error: message }).optional().nullable());

export const supplierBillLineInputSchema = z.object({
  description: z.string({ error: M.lineDescription }).trim().min(1, M.lineDescription).max(300, M.lineDescription),
  amount: decimalText(M.lineAmount).refine((a) => /[1-9]/.test(a), M.lineAmount),
  /** The shipment this cost belongs to (none: an overhead not on a job). */
  shipment_id: optionalId(msg('Choose a shipment from the list')).transform((v) => v ?? null),
  /** The shipment's buy line this line matches (its accrued cost). */
  charge_line_id: optionalId(msg('Choose a cost line from the list')).transform((v) => v ?? null),
});
export type SupplierBillLineInput = z.infer<typeof supplierBillLineInputSchema>;

/** POST /supplier-bills and PUT /supplier-bills/{id}: the whole bill; net and total are computed from the lines and VAT. */
export const supplierBillInputSchema = z
  .object({
    supplier_kind: z.enum(SUPPLIER_KINDS, { error: M.supplier }),
    supplier_id: z.uuid({ error: M.supplier }),
    number: z.string({ error: M.number }).trim().min(1, M.number).max(60, M.number),
    bill_date: isoDateSchema,
    due_date: isoDateSchema,
    currency: currencySchema,
    vat: decimalText(M.vat).refine((v) => !v.startsWith('-'), M.vat).default('0'),
    lines: z.array(supplierBillLineInputSchema, { error: M.noLines }).min(1, M.noLines).max(MAX_BILL_LINES, M.tooManyLines),
    note: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (typeof v.due_date === 'string' && typeof v.bill_date === 'string' && v.due_date < v.bill_date) ctx.addIssue({ code: 'custom', path: ['due_date'], message: M.dueBeforeBill });
    if (!Array.isArray(v.lines) || typeof v.currency !== 'string' || typeof v.vat !== 'string') return;
    const vatPlaces = tooManyPlaces(v.vat, v.currency);
    if (vatPlaces) ctx.addIssue({ code: 'custom', path: ['vat'], message: vatPlaces });
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      const places = tooManyPlaces(l.amount, v.currency);
      if (places) ctx.addIssue({ code: 'custom', path: ['lines', i, 'amount'], message: places });
      if (l.charge_line_id && !l.shipment_id) ctx.addIssue({ code: 'custom', path: ['lines', i, 'charge_line_id'], message: M.buyLineNoShipment });
      if (l.charge_line_id && seen.has(l.charge_line_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'charge_line_id'], message: M.matchedTwice });
      if (l.charge_line_id) seen.add(l.charge_line_id);
    });
    // A line or the VAT that is not a decimal has its own message already (the object's check runs after them too).
    if (!isDecimalString(v.vat) || v.lines.some((l) => !isDecimalString(l.amount))) return;
    const total = v.lines.reduce((a, l) => a.plus(dec(l.amount)), dec(v.vat));
    if (total.lte(0)) ctx.addIssue({ code: 'custom', path: ['lines'], message: M.totalPositive });
  });
export type SupplierBillInput = z.infer<typeof supplierBillInputSchema>;

/** PUT /supplier-bills/{id}/lines/{position}/match: the buy line of the line's shipment (or of `shipment_id`, which then becomes the line's). */
export const supplierBillMatchInputSchema = z.object({
  charge_line_id: z.uuid({ error: msg('Choose a cost line from the list') }),
  shipment_id: z.uuid({ error: msg('Choose a shipment from the list') }).optional(),
});
export type SupplierBillMatchInput = z.infer<typeof supplierBillMatchInputSchema>;

/** POST /supplier-bills/{id}/payments: money paid to the supplier against the bill. */
export const supplierBillPaymentInputSchema = z.object({
  paid_on: isoDateSchema,
  amount: decimalText(M.paymentAmount).refine((a) => !a.startsWith('-') && /[1-9]/.test(a), M.paymentAmount),
  reference: optionalText(100),
  note: optionalText(1000),
});
export type SupplierBillPaymentInput = z.infer<typeof supplierBillPaymentInputSchema>;

export const supplierBillLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  amount: z.string(),
  shipment_id: z.string().nullable(),
  shipment_reference: z.string().nullable(),
  charge_line_id: z.string().nullable(),
  /** The matched buy line: what it says and what was accrued, and the difference (this line minus accrued). */
  matched: z
    .object({ code: z.string().nullable(), description: z.string().nullable(), accrued: z.string(), currency: z.string(), difference: z.string().nullable() })
    .nullable(),
});
export const supplierBillPaymentSchema = z.object({
  id: z.string(),
  paid_on: z.string(),
  amount: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
const billHead = {
  id: z.string(),
  supplier_kind: z.enum(SUPPLIER_KINDS),
  supplier_id: z.string(),
  supplier_name: z.string().nullable(),
  number: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  currency: z.string(),
  net: z.string(),
  vat: z.string(),
  total: z.string(),
  paid: z.string(),
  open: z.string(),
  state: z.enum(SUPPLIER_BILL_STATES),
  /** Lines matched to a buy line, of all lines. */
  matched_lines: z.number().int(),
  line_count: z.number().int(),
  document_name: z.string().nullable(),
  created_at: z.string(),
};
export const supplierBillRowSchema = z.object(billHead);
export type SupplierBillRow = z.infer<typeof supplierBillRowSchema>;
export const supplierBillSchema = z.object({
  ...billHead,
  note: z.string().nullable(),
  document_original_name: z.string().nullable(),
  lines: z.array(supplierBillLineSchema),
  payments: z.array(supplierBillPaymentSchema),
  /** Sum of the matched lines' differences (bill minus accrued), in the bill's currency. */
  difference: z.string(),
});
export type SupplierBill = z.infer<typeof supplierBillSchema>;

/** GET /supplier-bills: newest bill first; searched in the number and the supplier's name; by supplier and state. */
export const supplierBillListQuerySchema = listQuerySchema.extend({
  supplier_kind: listFilter('supplier_kind', SUPPLIER_KINDS),
  supplier_id: z.uuid({ message: msg('supplier_id must be a supplier id') }).optional(),
  state: listFilter('state', SUPPLIER_BILL_STATES),
});
export type SupplierBillListQuery = z.infer<typeof supplierBillListQuerySchema>;
export const supplierBillPageSchema = pageSchema(supplierBillRowSchema);

/** GET /payables/ageing: open bill amounts per supplier and currency by days past due, a page of suppliers, totals over all. */
export const PAYABLES_PAGE_SIZE = 50;
export const payablesAgeingQuerySchema = z.object({
  as_of: isoDateSchema.optional(),
  supplier_kind: listFilter('supplier_kind', SUPPLIER_KINDS),
  currency: currencySchema.optional(),
  page: z.coerce.number({ message: msg('page must be a number') }).int().min(1, msg('page must be 1 or more')).max(100_000, msg('page must be at most 100000')).default(1),
  pageSize: z.coerce.number({ message: msg('pageSize must be a number') }).int().min(1, msg('pageSize must be 1 or more')).max(500, msg('pageSize must be at most 500')).default(PAYABLES_PAGE_SIZE),
});
export type PayablesAgeingQuery = z.infer<typeof payablesAgeingQuerySchema>;
const bucketsSchema = z.record(z.enum(AGEING_BUCKETS), z.string());
export const payablesAgeingSchema = z.object({
  as_of: z.string(),
  /** Suppliers with something open (the rows hold a page of them); page and pageSize count suppliers. */
  suppliers: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(z.object({ supplier_kind: z.enum(SUPPLIER_KINDS), supplier_id: z.string(), supplier_name: z.string(), currency: z.string(), buckets: bucketsSchema, total: z.string() })),
  totals: z.array(z.object({ currency: z.string(), buckets: bucketsSchema, total: z.string() })),
});
export type PayablesAgeing = z.infer<typeof payablesAgeingSchema>;
