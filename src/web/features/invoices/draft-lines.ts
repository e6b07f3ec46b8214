/**
 * The draft editor's lines and their live totals (issue 38): the same domain functions the server uses (lineNet,
 * invoiceTotals from src/domain/money/vat.ts), so the figures on the screen are the figures the server will store.
 * Pure: no React.
 */
import { msg } from '@domain/common/i18n';
import { BILLING_MESSAGES, invoiceAdjustmentSchema, type Invoice, type InvoiceAdjustment, type InvoiceLineInput } from '@domain/billing/schema';
import type { ChargeUnit } from '@domain/billing/lines';
import { isCurrency } from '@domain/money/currencies';
import { dec, isDecimalString } from '@domain/money/decimal';
import { invoiceTotals, isVatCategory, lineNet, NEEDS_EXEMPTION_REASON, vatProblem, type TaxedAmount, type VatCategory } from '@domain/money/vat';

export type EditorLine = {
  key: string;
  description: string;
  quantity: string;
  unit: ChargeUnit;
  unit_price: string;
  vat_category: VatCategory;
  vat_rate: string;
  exemption_reason: string;
  shipment_id: string | null;
  shipment_reference?: string | null;
  /** A line the server converted from a charge in another currency: its net is the server's, shown, not recomputed. */
  converted?: { net: string; source_amount: string; source_currency: string; exchange_rate: string | null; exchange_rate_date: string | null };
};

let counter = 0;
export const newKey = () => `l${++counter}`;

export const blankLine = (vat: { category: VatCategory; rate: string; reason: string }): EditorLine => ({
  key: newKey(), description: '', quantity: '1', unit: 'shipment', unit_price: '', vat_category: vat.category, vat_rate: vat.rate, exemption_reason: vat.reason, shipment_id: null,
});

/** The editor's lines from a stored draft. */
export function linesOf(invoice: Invoice): EditorLine[] {
  return (invoice.lines ?? []).map((l) => ({
    key: newKey(),
    description: l.description,
    quantity: l.quantity,
    unit: l.unit as ChargeUnit,
    unit_price: l.unit_price,
    vat_category: (isVatCategory(l.vat_category) ? l.vat_category : 'S'),
    vat_rate: l.vat_rate,
    exemption_reason: l.exemption_reason ?? '',
    shipment_id: l.shipment_id,
    shipment_reference: l.shipment_reference ?? null,
    converted: l.source_currency && l.source_amount ? { net: l.net, source_amount: l.source_amount, source_currency: l.source_currency, exchange_rate: l.exchange_rate, exchange_rate_date: l.exchange_rate_date } : undefined,
  }));
}

export type LineProblems = Partial<Record<'description' | 'quantity' | 'unit_price' | 'vat_rate' | 'exemption_reason', string>>;

/** What is wrong with a line, field by field (the contract's messages, in English: the editor translates them where shown). */
export function lineProblems(l: EditorLine): LineProblems {
  const p: LineProblems = {};
  if (!l.description.trim()) p.description = msg('Description is required');
  else if (l.description.trim().length > 300) p.description = msg('At most 300 characters');
  const q = l.quantity.trim();
  // Any quantity but 0: a negative one is goods taken back on the same invoice (Peppol's -3 x 500), as the contract says.
  if (!isDecimalString(q) || !/[1-9]/.test(q)) p.quantity = BILLING_MESSAGES.invoiceQuantity;
  if (!l.converted && !isDecimalString(l.unit_price.trim())) p.unit_price = msg('A price such as 450 or 12.75');
  const r = l.vat_rate.trim();
  if (!isDecimalString(r) || r.startsWith('-') || dec(r).gt(100)) p.vat_rate = msg('A percentage such as 20 or 2.1');
  else {
    const problem = vatProblem(l.vat_category, r, l.exemption_reason);
    if (problem) p[problem.toLowerCase().includes('reason') ? 'exemption_reason' : 'vat_rate'] = problem;
  }
  return p;
}

/** The line's net in the invoice currency, or null while its quantity or price is not a number yet. */
export function netOf(l: EditorLine, currency: string): string | null {
  if (l.converted) return l.converted.net;
  const q = l.quantity.trim();
  const p = l.unit_price.trim();
  if (!isCurrency(currency) || !isDecimalString(q) || !isDecimalString(p)) return null;
  return lineNet(q, p, currency).toFixed();
}

/**
 * The draft's totals as the server will compute them (tax per VAT category on its total), from the lines and the
 * document-level allowances and charges that can be counted yet.
 */
export function liveTotals(lines: readonly EditorLine[], currency: string, adjustments: readonly EditorAdjustment[] = []) {
  if (!isCurrency(currency)) return null;
  const amounts: TaxedAmount[] = [];
  for (const l of lines) {
    const net = netOf(l, currency);
    const r = l.vat_rate.trim();
    if (net === null || !isDecimalString(r)) continue;
    amounts.push({ amount: net, vat_category: l.vat_category, vat_rate: r });
  }
  const counted = adjustments.filter((a) => isDecimalString(a.amount.trim()) && isDecimalString(a.vat_rate.trim()));
  const taxed = (a: EditorAdjustment) => ({ amount: a.amount.trim(), vat_category: a.vat_category, vat_rate: a.vat_rate.trim() });
  return invoiceTotals(
    { lines: amounts, allowances: counted.filter((a) => a.kind === 'allowance').map(taxed), charges: counted.filter((a) => a.kind === 'charge').map(taxed) },
    currency,
  );
}

/** The lines as the API takes them. */
export const toInput = (l: EditorLine): InvoiceLineInput => ({
  description: l.description.trim(),
  quantity: l.quantity.trim(),
  unit: l.unit,
  unit_price: l.unit_price.trim(),
  vat_category: l.vat_category,
  vat_rate: l.vat_rate.trim(),
  exemption_reason: NEEDS_EXEMPTION_REASON.has(l.vat_category) ? l.exemption_reason.trim() || null : null,
  shipment_id: l.shipment_id,
});

// ---- Document-level allowances and charges (BG-20, BG-21) ----------------------------------------------------------

export type EditorAdjustment = {
  key: string;
  kind: 'allowance' | 'charge';
  reason: string;
  amount: string;
  vat_category: VatCategory;
  vat_rate: string;
  exemption_reason: string;
};

export const blankAdjustment = (kind: EditorAdjustment['kind'], vat: { category: VatCategory; rate: string; reason: string }): EditorAdjustment => ({
  key: newKey(), kind, reason: '', amount: '', vat_category: vat.category, vat_rate: vat.rate, exemption_reason: vat.reason,
});

/** The editor's allowances and charges from a stored draft. */
export const adjustmentsOf = (invoice: Invoice): EditorAdjustment[] =>
  invoice.adjustments.map((a) => ({
    key: newKey(), kind: a.kind, reason: a.reason, amount: a.amount, vat_category: isVatCategory(a.vat_category) ? a.vat_category : 'S', vat_rate: a.vat_rate, exemption_reason: a.exemption_reason ?? '',
  }));

/** An allowance or charge as the API takes it. */
export const toAdjustmentInput = (a: EditorAdjustment): InvoiceAdjustment => ({
  kind: a.kind,
  reason: a.reason.trim(),
  amount: a.amount.trim(),
  vat_category: a.vat_category,
  vat_rate: a.vat_rate.trim(),
  exemption_reason: NEEDS_EXEMPTION_REASON.has(a.vat_category) ? a.exemption_reason.trim() || null : null,
});

export type AdjustmentProblems = Partial<Record<'reason' | 'amount' | 'vat_rate' | 'exemption_reason', string>>;

/** What is wrong with an allowance or charge, field by field: the server's own schema and messages. */
export function adjustmentProblems(a: EditorAdjustment): AdjustmentProblems {
  const parsed = invoiceAdjustmentSchema.safeParse(toAdjustmentInput(a));
  const p: AdjustmentProblems = {};
  if (parsed.success) return p;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'reason' || field === 'amount' || field === 'vat_rate' || field === 'exemption_reason') p[field] ??= issue.message;
  }
  return p;
}
