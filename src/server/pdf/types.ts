import type { GeneratedKind } from '@domain/generated-documents/schema';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { CustomerQuote, QuoteLine } from '@domain/requests/quote-schema';
import type { RequestDetail } from '@domain/requests/schema';
import type { Invoice } from '@domain/billing/schema';
import type { Translator } from '@server/i18n';

/** A charge as the papers print it: a sell line of the shipment or the quote (never a cost), decimals as strings. */
export type PaperCharge = Pick<QuoteLine, 'category' | 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'amount' | 'currency' | 'vat_category' | 'vat_rate'>;

/**
 * The forwarder issuing a paper: its letterhead (PNG or JPEG logo, may be null) and, from the billing settings, its VAT
 * number and bank. The issue-41 fields are optional so a paper made without them (a test's) prints as before.
 */
export type PrintLetterhead = {
  name: string;
  address: string;
  phone: string;
  email: string;
  tax_id: string;
  logo: Buffer | null;
  registration_number?: string;
  place_of_issue?: string;
  bl_prefix?: string;
  bl_signed_as?: 'carrier' | 'agent';
  bl_terms?: string;
  iata_agent_code?: string;
  iata_account?: string;
  vat_number?: string;
  bank?: { name: string; iban: string; bic: string } | null;
};

/** Everything a generated paper prints. */
export type PdfInput = {
  kind: GeneratedKind;
  /** The staff detail: the layouts pick the fields their paper lists (GENERATED_KIND_INFO) and nothing else. */
  shipment: ShipmentDetail;
  /** The customer company: bill-to on the debit note, the addressee of the booking confirmation. */
  company: { name: string; address: string | null };
  /** The shipment's charges other than 0 (its sell lines: the form's fields and the Charges panel's), in their order. */
  charges: PaperCharge[];
  /** The forwarder issuing the paper. */
  letterhead: PrintLetterhead;
  /** The documents received on the shipment's checklist, by name (the CMR's box 5, "documents attached"). */
  attached?: string[];
  version: number;
  generatedAt: Date;
  /** The language the paper is written in: the shipment's company's (issue 42), made in UTC with '' for a missing value. */
  tr: Translator;
};

/**
 * Everything the quote from a request prints (issue 16): the request as the customer sent it, the quote's charge
 * lines without any carrier cost (the type has none, and the service copies the four printed fields only).
 */
export type QuotePdfInput = {
  request: Pick<
    RequestDetail,
    | 'number' | 'mode' | 'direction' | 'sea_load' | 'equipment' | 'origin_airport' | 'origin_port' | 'origin_address' | 'origin_city'
    | 'origin_country' | 'destination_airport' | 'destination_port' | 'destination_address' | 'destination_city' | 'destination_country'
    | 'incoterm' | 'incoterm_place' | 'cargo_ready_date' | 'cargo_description' | 'pieces' | 'weight_gross' | 'volume' | 'dangerous_goods'
    | 'un_number' | 'hazard_class' | 'handler_name'
  >;
  quote: Pick<CustomerQuote, 'mode' | 'transport_mode' | 'valid_until' | 'transit_days' | 'terms' | 'customer_note' | 'sent_at'> & {
    /** The sell lines only: a cost (buy line) never reaches the paper. */
    lines: PaperCharge[];
  };
  /** The customer company the quote is addressed to. */
  company: { name: string; address: string | null };
  letterhead: PdfInput['letterhead'];
  /** A draft (staff's preview before sending): marked DRAFT on every page. */
  draft: boolean;
  /** When this copy is rendered: the date of a draft; a sent quote carries the day it was sent. */
  printedAt: Date;
  /** The language of the request's company (issue 42). */
  tr: Translator;
};

/**
 * An invoice or credit note as its PDF prints it (issue 38): the invoice answer of the API contract (GET
 * /api/invoices/{id}: lines, seller and buyer as copied at issue, tax subtotals, totals, payments) and the letterhead.
 * The seller snapshot is read by the billing settings' keys (legal_name, address, country, vat_number, tax_office,
 * iban, bic, bank_name, invoice_note); the buyer's by name, address, country, vat_number (tax_office if any).
 */
export type InvoicePdfView = Invoice & {
  letterhead: PdfInput['letterhead'];
  /** A credit note's reason; when absent, its note is the reason. */
  reason?: string | null;
  /** When a draft is printed (an issued paper is dated by its issue); default now. */
  printedAt?: Date;
  /** The language of the buyer company (issue 42), whoever prints it. */
  tr: Translator;
};
