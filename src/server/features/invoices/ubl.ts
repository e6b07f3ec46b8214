/**
 * An issued invoice or credit note as a UBL 2.1 document following Peppol BIS Billing 3.0, the EN 16931 core invoice
 * (issue 39, decision record 0262): an `Invoice` (type 380) or a `CreditNote` (type 381) with the seller's and
 * buyer's parties as copied at issue, the payment means with the IBAN, the document-level allowances and charges,
 * the VAT breakdown per category and rate with exemption reasons, the totals and the lines. A line converted from
 * another currency says its own amount, the rate and the rate's day in its note (BT-127): EN 16931 has no line rate.
 *
 * Elements follow the order of the UBL 2.1 schema. The official rules (CEN's EN 16931 UBL artefacts and Peppol's
 * BIS 3.0 Schematron) run over the output in the test suite (tests/einvoice).
 */
import type { Invoice } from '@domain/billing/schema';
import { dec } from '@domain/money/decimal';

export const UBL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const UBL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The Electronic Address Scheme (EAS) of a country's VAT number, from Peppol's EAS code list (the 99xx "VAT"
 * schemes): a party's electronic address (BT-34, BT-49) is its VAT number under its country's scheme.
 */
const VAT_EAS: Record<string, string> = {
  AD: '9922', AL: '9923', AT: '9914', BA: '9924', BE: '9925', BG: '9926', CH: '9927', CY: '9928', CZ: '9929', DE: '9930',
  EE: '9931', ES: '9920', FR: '9957', GB: '9932', GR: '9933', HR: '9934', HU: '9910', IE: '9935', LI: '9936', LT: '9937',
  LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942', MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947',
  RS: '9948', SI: '9949', SK: '9950', SM: '9951', TR: '9952', VA: '9953',
};

/** UN/ECE Recommendation 20 and 21 unit codes of our charge units (Peppol's unit code list). */
const UNIT_CODES: Record<string, string> = { shipment: 'C62', container: 'XCN', kg: 'KGM', wm: 'C62' };

const CATEGORIES_WITH_REASON = new Set(['E', 'AE', 'K', 'G', 'O']);

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** An element: text is escaped, children (already XML) one a line (not indented: a text's own line breaks stay); an empty or missing value writes nothing. */
type Node = string | null | false | undefined;
function el(name: string, body: string | Node[], attrs: Record<string, string> = {}): string {
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
  if (typeof body === 'string') return body.trim() === '' ? '' : `<${name}${a}>${escapeXml(body)}</${name}>`;
  const children = body.filter((c): c is string => !!c);
  if (children.length === 0) return '';
  return `<${name}${a}>\n${children.join('\n')}\n</${name}>`;
}

/**
 * A VAT identifier with its country prefix (BR-CO-9: ISO 3166-1 alpha-2, EL for Greece): a number typed without it,
 * as Turkish tax numbers usually are, gets the party's country.
 */
export function vatIdentifier(vat: string, country: string): string {
  const v = vat.replace(/\s+/g, '').toUpperCase();
  if (v === '') return '';
  return /^[A-Z]{2}/.test(v) ? v : `${country === 'GR' ? 'EL' : country}${v}`;
}

/** An address typed in one field, in UBL's parts: the first line is the street, the last the city, any between more street. */
function postalAddress(address: string, country: string): string {
  const parts = address.split(/\r?\n|,\s*/).map((p) => p.trim()).filter(Boolean);
  const street = parts[0] ?? '';
  const city = parts.length > 1 ? parts[parts.length - 1]! : '';
  const more = parts.slice(1, -1).join(', ');
  return el('cac:PostalAddress', [el('cbc:StreetName', street), el('cbc:AdditionalStreetName', more), el('cbc:CityName', city), el('cac:Country', [el('cbc:IdentificationCode', country)])]);
}

type Party = { name: string; address: string; country: string; vat: string };

/**
 * A party. Its electronic address is its VAT number under its country's scheme. Outside the scope of VAT (category O)
 * the number is no VAT identifier (BR-O-02): it stands as the legal registration identifier (BT-30) instead, which
 * still identifies the seller (BR-CO-26).
 */
function party(p: Party, withVat: boolean): string {
  const scheme = VAT_EAS[p.country];
  return el('cac:Party', [
    p.vat && scheme ? el('cbc:EndpointID', p.vat, { schemeID: scheme }) : null,
    el('cac:PartyName', [el('cbc:Name', p.name)]),
    postalAddress(p.address, p.country),
    withVat && p.vat ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', p.vat), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])]) : null,
    el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name), !withVat && p.vat ? el('cbc:CompanyID', p.vat) : null]),
  ]);
}

function taxCategory(name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', category: string, rate: string, reason?: string | null): string {
  return el(name, [
    el('cbc:ID', category),
    category === 'O' ? null : el('cbc:Percent', dec(rate).toFixed()),
    name === 'cac:TaxCategory' && CATEGORIES_WITH_REASON.has(category) ? el('cbc:TaxExemptionReason', reason || 'Exempt') : null,
    el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
  ]);
}

/** A price is never negative (BR-27): a negative price bills as the negative quantity at the positive price. */
function signedQuantity(quantity: string, price: string): { quantity: string; price: string } {
  return dec(price).lt(0) ? { quantity: dec(quantity).neg().toFixed(), price: dec(price).neg().toFixed() } : { quantity: dec(quantity).toFixed(), price: dec(price).toFixed() };
}

/** The UBL document of an issued invoice or credit note (read with its lines, seller and buyer). */
export function invoiceUbl(inv: Invoice): string {
  if (inv.status !== 'issued' || !inv.number || !inv.issue_date) throw new Error('Only an issued invoice or credit note has a UBL document');
  const credit = inv.kind === 'credit_note';
  const cur = inv.currency;
  const amount = (name: string, value: string) => el(name, value, { currencyID: cur });
  const seller = inv.seller ?? {};
  const buyer = inv.buyer ?? {};
  const lines = inv.lines ?? [];
  // Category O (outside the scope of VAT) carries no VAT identifiers (BR-O-02 to BR-O-04).
  const outside = inv.tax_subtotals.some((t) => t.category === 'O');
  const sellerCountry = seller.country || 'TR';
  const buyerCountry = buyer.country || sellerCountry;
  const sellerParty: Party = { name: seller.legal_name || 'Seller', address: seller.address ?? '', country: sellerCountry, vat: vatIdentifier(seller.vat_number ?? '', sellerCountry) };
  const buyerParty: Party = { name: buyer.name || inv.company_name, address: buyer.address ?? '', country: buyerCountry, vat: vatIdentifier(buyer.vat_number ?? '', buyerCountry) };
  const shipmentRefs = [...new Set(lines.map((l) => l.shipment_reference).filter((r): r is string => !!r))];
  // Peppol asks for the buyer's reference or an order (PEPPOL-EN16931-R003): else the shipments billed, else the number.
  const buyerReference = inv.buyer_reference || shipmentRefs.slice(0, 5).join(' ') || inv.number;
  const allowances = inv.adjustments.filter((a) => a.kind === 'allowance');
  const charges = inv.adjustments.filter((a) => a.kind === 'charge');
  const root = credit ? 'CreditNote' : 'Invoice';

  const children: Node[] = [
    el('cbc:CustomizationID', UBL_CUSTOMIZATION),
    el('cbc:ProfileID', UBL_PROFILE),
    el('cbc:ID', inv.number),
    el('cbc:IssueDate', inv.issue_date),
    !credit && inv.due_date ? el('cbc:DueDate', inv.due_date) : null,
    el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    inv.note ? el('cbc:Note', inv.note) : null,
    el('cbc:DocumentCurrencyCode', cur),
    el('cbc:BuyerReference', buyerReference),
    credit && inv.credited_invoice_number ? el('cac:BillingReference', [el('cac:InvoiceDocumentReference', [el('cbc:ID', inv.credited_invoice_number)])]) : null,
    el('cac:AccountingSupplierParty', [party(sellerParty, !outside)]),
    el('cac:AccountingCustomerParty', [party(buyerParty, !outside)]),
    !credit && seller.iban
      ? el('cac:PaymentMeans', [
          el('cbc:PaymentMeansCode', '30', { name: 'Credit transfer' }),
          el('cbc:PaymentID', inv.number),
          el('cac:PayeeFinancialAccount', [
            el('cbc:ID', seller.iban),
            el('cbc:Name', seller.bank_name ?? ''),
            seller.bic ? el('cac:FinancialInstitutionBranch', [el('cbc:ID', seller.bic)]) : null,
          ]),
        ])
      : null,
    ...inv.adjustments.map((a) =>
      el('cac:AllowanceCharge', [
        el('cbc:ChargeIndicator', a.kind === 'charge' ? 'true' : 'false'),
        el('cbc:AllowanceChargeReason', a.reason),
        amount('cbc:Amount', a.amount),
        taxCategory('cac:TaxCategory', a.vat_category, a.vat_rate, a.exemption_reason),
      ]),
    ),
    el('cac:TaxTotal', [
      amount('cbc:TaxAmount', inv.totals.tax),
      ...inv.tax_subtotals.map((t) =>
        el('cac:TaxSubtotal', [amount('cbc:TaxableAmount', t.taxable), amount('cbc:TaxAmount', t.tax), taxCategory('cac:TaxCategory', t.category, t.rate, t.exemption_reason)]),
      ),
    ]),
    el('cac:LegalMonetaryTotal', [
      amount('cbc:LineExtensionAmount', inv.totals.lines),
      amount('cbc:TaxExclusiveAmount', inv.totals.tax_exclusive),
      amount('cbc:TaxInclusiveAmount', inv.totals.tax_inclusive),
      allowances.length ? amount('cbc:AllowanceTotalAmount', inv.totals.allowance_total) : null,
      charges.length ? amount('cbc:ChargeTotalAmount', inv.totals.charge_total) : null,
      amount('cbc:PayableAmount', inv.totals.payable),
    ]),
    ...lines.map((l) => {
      const q = signedQuantity(l.quantity, l.unit_price);
      const converted = l.source_amount && l.source_currency && l.exchange_rate
        ? `Converted from ${l.source_amount} ${l.source_currency} at ${l.exchange_rate} ${cur} per ${l.source_currency} (rate of ${l.exchange_rate_date ?? inv.rate_date ?? inv.issue_date})`
        : null;
      return el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
        el('cbc:ID', String(l.position)),
        converted ? el('cbc:Note', converted) : null,
        el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', q.quantity, { unitCode: UNIT_CODES[l.unit] ?? 'C62' }),
        amount('cbc:LineExtensionAmount', l.net),
        el('cac:Item', [
          l.shipment_reference ? el('cbc:Description', `Shipment ${l.shipment_reference}`) : null,
          el('cbc:Name', l.description),
          taxCategory('cac:ClassifiedTaxCategory', l.vat_category, l.vat_rate),
        ]),
        el('cac:Price', [amount('cbc:PriceAmount', q.price)]),
      ]);
    }),
  ];
  const ns = credit ? 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' : 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
  const body = el(root, children, {
    xmlns: ns,
    'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
