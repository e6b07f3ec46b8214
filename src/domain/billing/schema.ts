/**
 * The billing API's contract (issue 38, decision record 0258): charge lines, invoices and credit notes, payments
 * (statements and the ageing report are in payments-schema.ts, the forwarder's settings in settings-schema.ts). Amounts, quantities, prices and rates are decimal strings on the wire. Rules live
 * in lines.ts, state.ts and src/domain/money (no zod there).
 */
import { z } from 'zod';
import { listFilter, listQuerySchema, pageSchema, sortable } from '@domain/common/list-schema';
import { isCurrency } from '@domain/money/currencies';
import { isDecimalString } from '@domain/money/decimal';
import { VAT_CATEGORY_CODES, VAT_MESSAGES, vatProblem, type VatCategory } from '@domain/money/vat';
import { CHARGE_CATEGORIES, CHARGE_SIDES, CHARGE_UNITS, SUPPLIER_KINDS } from './lines';
import { INVOICE_STATES, PAYMENT_METHODS } from './state';
import { COST_BASES } from './supplier-bills';
import { ENGLISH, msg } from '@domain/common/i18n';

export const BILLING_MESSAGES = {
  amount: msg('Enter an amount as a decimal number such as 1250.50'),
  positiveAmount: msg('Amount must be more than 0'),
  quantity: msg('Quantity must be a decimal number above 0, such as 1 or 2.5'),
  invoiceQuantity: msg('Quantity must be a decimal number other than 0, such as 2.5, or -3 for goods taken back'),
  unitPrice: msg('Unit price must be a decimal number such as 450 or 12.75'),
  negativePrice: msg('Unit price cannot be negative on a cost line'),
  currency: msg('Choose a currency by its ISO 4217 code (e.g. EUR, USD, TRY)'),
  vatCategory: msg('VAT category must be one of: S, Z, E, AE, K, G, O'),
  vatRate: msg('VAT rate must be a percentage such as 20 or 2.1'),
  date: msg('Enter a date as YYYY-MM-DD'),
  description: msg('Description is required (at most 300 characters)'),
  category: msg('Category must be one of: freight, service, customs, insurance, handling, documentation, storage, delivery, other'),
  side: msg('Side is sell (a charge) or buy (a cost)'),
  unit: msg('Unit must be one of: shipment, container, kg, wm'),
  code: msg('A charge code is 2 to 8 capital letters or digits, such as FRT or ISPS'),
  supplierOnBuy: msg('Only a cost line has a supplier'),
  noLines: msg('Add at least one line'),
  tooManyLines: msg('An invoice has at most 500 lines'),
  method: msg('Method must be one of: bank_transfer, card, cash, cheque, other'),
  companyId: msg('Choose a company'),
} as const;

export const MAX_INVOICE_LINES = 500;

export const isoDateSchema = z
  .string({ error: BILLING_MESSAGES.date })
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, BILLING_MESSAGES.date)
  .refine((d) => {
    // A day that does not exist (2026-13-01) is an Invalid Date, whose toISOString throws: refused, not a 500.
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, BILLING_MESSAGES.date);
export const currencySchema = z.string({ error: BILLING_MESSAGES.currency }).trim().toUpperCase().refine(isCurrency, BILLING_MESSAGES.currency);
const decimalString = (message: string) => z.union([z.string(), z.number()], { error: message }).transform((v) => String(v).trim()).refine(isDecimalString, message);
export const amountSchema = decimalString(BILLING_MESSAGES.amount);
export const quantitySchema = decimalString(BILLING_MESSAGES.quantity).refine((q) => !q.startsWith('-') && /[1-9]/.test(q), BILLING_MESSAGES.quantity);
/**
 * An invoice line's quantity: any decimal but 0. A negative quantity is a return on the same invoice, as in Peppol
 * BIS 3.0's example invoice (-3 x 500). A credit note's and a charge line's quantities stay above 0 (quantitySchema).
 */
export const invoiceQuantitySchema = decimalString(BILLING_MESSAGES.invoiceQuantity).refine((q) => /[1-9]/.test(q), BILLING_MESSAGES.invoiceQuantity);
export const vatCategorySchema = z.enum(VAT_CATEGORY_CODES as [VatCategory, ...VatCategory[]], { error: BILLING_MESSAGES.vatCategory });
export const vatRateSchema = decimalString(BILLING_MESSAGES.vatRate).refine((r) => !r.startsWith('-') && Number.parseFloat(r) <= 100, BILLING_MESSAGES.vatRate);
export const boundedText = (max: number) => z.string().trim().max(max, ENGLISH.t(msg('At most {max} characters'), { max }));
const optionalText = (max: number) => boundedText(max).optional().nullable().transform((v) => (v ? v : null));

/** VAT on a line: the category's rule (S has a rate above 0, the others 0; E, AE, K, G and O give a reason). */
function checkVat(
  v: { vat_category?: VatCategory | null; vat_rate?: string | null; exemption_reason?: string | null },
  ctx: z.RefinementCtx,
) {
  // A rate that is not a decimal already has its own message (the refinement runs on the raw value too).
  if (!v.vat_category || (v.vat_rate != null && !isDecimalString(v.vat_rate))) return;
  const problem = vatProblem(v.vat_category, v.vat_rate ?? '0', v.exemption_reason);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem === VAT_MESSAGES.exemptionReason ? 'exemption_reason' : 'vat_rate'], message: problem });
}

// ---- Charge lines -------------------------------------------------------------------------------------------------

export const chargeLineInputSchema = z
  .object({
    side: z.enum(CHARGE_SIDES, { error: BILLING_MESSAGES.side }),
    category: z.enum(CHARGE_CATEGORIES, { error: BILLING_MESSAGES.category }),
    code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,8}$/, BILLING_MESSAGES.code).optional().nullable(),
    description: optionalText(300),
    quantity: quantitySchema.default('1'),
    unit: z.enum(CHARGE_UNITS, { error: BILLING_MESSAGES.unit }).default('shipment'),
    unit_price: decimalString(BILLING_MESSAGES.unitPrice),
    currency: currencySchema,
    vat_category: vatCategorySchema.optional().nullable(),
    vat_rate: vatRateSchema.optional().nullable(),
    exemption_reason: optionalText(200),
    supplier_kind: z.enum(SUPPLIER_KINDS).optional().nullable(),
    supplier_id: z.uuid().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.side === 'buy' && v.unit_price.startsWith('-')) ctx.addIssue({ code: 'custom', path: ['unit_price'], message: BILLING_MESSAGES.negativePrice });
    if (v.side === 'sell' && (v.supplier_kind || v.supplier_id)) ctx.addIssue({ code: 'custom', path: ['supplier_kind'], message: BILLING_MESSAGES.supplierOnBuy });
    checkVat(v, ctx);
  });
export type ChargeLineInput = z.infer<typeof chargeLineInputSchema>;

export const chargeLineSchema = z.object({
  id: z.string(),
  shipment_id: z.string().nullable(),
  request_id: z.string().nullable(),
  position: z.number().int(),
  side: z.enum(CHARGE_SIDES),
  category: z.enum(CHARGE_CATEGORIES),
  code: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  unit: z.enum(CHARGE_UNITS),
  unit_price: z.string(),
  /** quantity x unit price in the line's currency, rounded to its minor unit. */
  amount: z.string(),
  currency: z.string(),
  vat_category: z.string().nullable(),
  vat_rate: z.string().nullable(),
  exemption_reason: z.string().nullable(),
  /** Staff only (a customer reads no cost line). */
  supplier_kind: z.enum(SUPPLIER_KINDS).nullable().optional(),
  supplier_id: z.string().nullable().optional(),
  supplier_name: z.string().nullable().optional(),
  /** The seed's field this line stands for, if any. */
  field: z.string().nullable(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable().optional(),
  /** Staff only (issue 39): the supplier bill whose line matches this cost line, and the amount billed for it. */
  matched_bill_id: z.string().nullable().optional(),
  matched_bill_number: z.string().nullable().optional(),
  matched_amount: z.string().nullable().optional(),
});
export type ChargeLine = z.infer<typeof chargeLineSchema>;

export const currencyMoneySchema = z.object({
  currency: z.string(),
  total_revenue: z.string(),
  total_cost: z.string(),
  profit: z.string(),
  margin_percent: z.string(),
  billed: z.string(),
  unbilled: z.string(),
});

/**
 * The staff's sums per currency with actual costs (issue 39, decision record 0264): total_cost, profit and margin are
 * on the actual cost (matched supplier bills where there are, else the accrued buy lines), beside the accrued view.
 */
export const jobMoneySchema = currencyMoneySchema.extend({
  cost_accrued: z.string(),
  cost_actual: z.string(),
  profit_accrued: z.string(),
  cost_basis: z.enum(COST_BASES),
});

/** GET /shipments/{id}/charges: staff see every line and the job's profit; a customer the charges and their sums. */
export const shipmentChargesSchema = z.object({
  lines: z.array(chargeLineSchema),
  totals: z.array(jobMoneySchema),
});

export const chargeCodeSchema = z.object({ code: z.string(), category: z.enum(CHARGE_CATEGORIES), name: z.string(), active: z.boolean() });
export const chargeCodeInputSchema = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,8}$/, BILLING_MESSAGES.code),
  category: z.enum(CHARGE_CATEGORIES, { error: BILLING_MESSAGES.category }),
  name: z.string().trim().min(1, msg('Name is required')).max(100, msg('Name must be at most 100 characters')),
  active: z.boolean().default(true),
});

// ---- Invoices and credit notes ------------------------------------------------------------------------------------

export const invoiceLineInputSchema = z
  .object({
    description: z.string({ error: BILLING_MESSAGES.description }).trim().min(1, BILLING_MESSAGES.description).max(300, BILLING_MESSAGES.description),
    quantity: invoiceQuantitySchema,
    unit: z.enum(CHARGE_UNITS, { error: BILLING_MESSAGES.unit }).default('shipment'),
    unit_price: decimalString(BILLING_MESSAGES.unitPrice),
    vat_category: vatCategorySchema,
    vat_rate: vatRateSchema,
    exemption_reason: optionalText(200),
    shipment_id: z.uuid().optional().nullable(),
  })
  .superRefine(checkVat);
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/**
 * A document-level allowance (a discount, BG-20) or charge (insurance, a surcharge, BG-21) with its own VAT: not tied
 * to a line, in the invoice's currency, a positive amount (an allowance is taken off). Peppol BIS 3.0's example
 * invoice has one: a 25.00 insurance charge at 25%.
 */
export const invoiceAdjustmentSchema = z
  .object({
    kind: z.enum(['allowance', 'charge'], { error: msg('An adjustment is an allowance (taken off) or a charge (added)') }),
    reason: z.string({ error: msg('Give the reason, such as Insurance or Discount') }).trim().min(1, msg('Give the reason, such as Insurance or Discount')).max(100, msg('At most 100 characters')),
    amount: amountSchema.refine((a) => !a.startsWith('-') && /[1-9]/.test(a), BILLING_MESSAGES.positiveAmount),
    vat_category: vatCategorySchema,
    vat_rate: vatRateSchema,
    exemption_reason: optionalText(200),
  })
  .superRefine(checkVat);
export type InvoiceAdjustment = z.infer<typeof invoiceAdjustmentSchema>;
export const MAX_ADJUSTMENTS = 20;
const adjustmentsSchema = z.array(invoiceAdjustmentSchema).max(MAX_ADJUSTMENTS, msg('At most 20 allowances and charges'));

/**
 * POST /invoices: a draft for a company in one currency, from given lines and/or the unbilled sell lines of shipments
 * (converted at the stored rates of rate_date, default today, when in another currency).
 */
export const invoiceDraftInputSchema = z
  .object({
    company_id: z.uuid({ error: BILLING_MESSAGES.companyId }),
    currency: currencySchema,
    rate_date: isoDateSchema.optional(),
    lines: z.array(invoiceLineInputSchema).max(MAX_INVOICE_LINES, BILLING_MESSAGES.tooManyLines).default([]),
    shipment_ids: z.array(z.uuid()).max(100, msg('At most 100 shipments on one invoice')).default([]),
    adjustments: adjustmentsSchema.default([]),
    buyer_reference: optionalText(100),
    note: optionalText(1000),
  })
  .refine((v) => v.lines.length > 0 || v.shipment_ids.length > 0, { message: BILLING_MESSAGES.noLines, path: ['lines'] });
export type InvoiceDraftInput = z.infer<typeof invoiceDraftInputSchema>;

/** PATCH /invoices/{id}: a draft's lines and header; absent keys stay. */
export const invoiceDraftPatchSchema = z.object({
  currency: currencySchema.optional(),
  rate_date: isoDateSchema.optional(),
  lines: z.array(invoiceLineInputSchema).min(1, BILLING_MESSAGES.noLines).max(MAX_INVOICE_LINES, BILLING_MESSAGES.tooManyLines).optional(),
  adjustments: adjustmentsSchema.optional(),
  buyer_reference: optionalText(100),
  note: optionalText(1000),
});

/** POST /invoices/{id}/issue: the issue day (default today); the due day follows from the company's payment terms. */
export const issueInputSchema = z.object({ issue_date: isoDateSchema.optional() });

/** POST /invoices/{id}/credit-notes: a draft credit note for the whole invoice, or for some of its lines' quantities. */
export const creditNoteInputSchema = z.object({
  reason: z.string({ error: msg('Give the reason for the credit note') }).trim().min(1, msg('Give the reason for the credit note')).max(300, msg('At most 300 characters')),
  lines: z.array(z.object({ position: z.number().int().min(1), quantity: quantitySchema })).min(1, msg('Choose at least one line to credit, or leave lines out to credit the whole invoice')).max(MAX_INVOICE_LINES).optional(),
});

export const taxSubtotalSchema = z.object({ category: z.string(), rate: z.string(), taxable: z.string(), tax: z.string(), exemption_reason: z.string().nullable().optional() });
export const invoiceTotalsSchema = z.object({
  lines: z.string(),
  /** Document-level allowances (BT-107) and charges (BT-108). */
  allowance_total: z.string(),
  charge_total: z.string(),
  tax_exclusive: z.string(),
  tax: z.string(),
  tax_inclusive: z.string(),
  payable: z.string(),
});
export const invoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unit_price: z.string(),
  net: z.string(),
  vat_category: z.string(),
  vat_rate: z.string(),
  exemption_reason: z.string().nullable(),
  shipment_id: z.string().nullable(),
  shipment_reference: z.string().nullable().optional(),
  source_amount: z.string().nullable(),
  source_currency: z.string().nullable(),
  exchange_rate: z.string().nullable(),
  exchange_rate_date: z.string().nullable(),
});
export const invoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(['draft', 'issued']),
  state: z.enum(INVOICE_STATES),
  number: z.string().nullable(),
  company_id: z.string(),
  company_name: z.string(),
  currency: z.string(),
  rate_date: z.string().nullable(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  credited_invoice_id: z.string().nullable(),
  credited_invoice_number: z.string().nullable().optional(),
  buyer_reference: z.string().nullable(),
  note: z.string().nullable(),
  totals: invoiceTotalsSchema,
  tax_subtotals: z.array(taxSubtotalSchema),
  adjustments: z.array(z.object({ kind: z.enum(['allowance', 'charge']), reason: z.string(), amount: z.string(), vat_category: z.string(), vat_rate: z.string(), exemption_reason: z.string().nullable() })),
  paid: z.string(),
  credited: z.string(),
  open: z.string(),
  lines: z.array(invoiceLineSchema).optional(),
  payments: z.array(z.lazy(() => paymentSchema)).optional(),
  credit_notes: z.array(z.object({ id: z.string(), number: z.string().nullable(), status: z.string(), payable: z.string(), issue_date: z.string().nullable() })).optional(),
  seller: z.record(z.string(), z.string()).nullable().optional(),
  buyer: z.record(z.string(), z.string()).nullable().optional(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = listQuerySchema.extend({
  company_id: z.uuid({ message: msg('company_id must be a company id') }).optional(),
  kind: listFilter('kind', ['invoice', 'credit_note']),
  status: listFilter('status', ['draft', 'issued']),
  state: listFilter('state', INVOICE_STATES),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  sort: sortable(['issue_date', 'due_date', 'number', 'payable'], 'issue_date'),
});
export const invoicePageSchema = pageSchema(invoiceSchema.omit({ lines: true, payments: true, credit_notes: true, seller: true, buyer: true }));

/** GET /invoices/ready?company_id=: the query (paged, optionally one company's shipments). */
export const readyToInvoiceQuerySchema = listQuerySchema.extend({ company_id: z.uuid({ message: msg('company_id must be a company id') }).optional() });

/** GET /invoices/ready: delivered shipments with unbilled charges, per currency. */
export const readyToInvoiceSchema = pageSchema(
  z.object({
    shipment_id: z.string(),
    reference_number: z.string(),
    company_id: z.string(),
    company_name: z.string(),
    delivered_on: z.string().nullable(),
    unbilled: z.array(z.object({ currency: z.string(), amount: z.string(), lines: z.number().int() })),
  }),
);

// ---- Payments, statements, ageing ---------------------------------------------------------------------------------

export const paymentInputSchema = z.object({
  company_id: z.uuid({ error: BILLING_MESSAGES.companyId }),
  invoice_id: z.uuid().optional().nullable(),
  received_on: isoDateSchema,
  amount: amountSchema.refine((a) => !a.startsWith('-') && /[1-9]/.test(a), BILLING_MESSAGES.positiveAmount),
  currency: currencySchema,
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.method }),
  reference: optionalText(100),
  note: optionalText(500),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable().optional(),
  received_on: z.string(),
  amount: z.string(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
