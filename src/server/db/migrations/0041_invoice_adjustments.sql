-- Document-level allowances and charges of an invoice or credit note (EN 16931 BG-20 and BG-21; issue 39): each with
-- its reason, positive amount in the invoice's currency and VAT category, rate and exemption reason. They count in
-- tax_exclusive and in the tax breakdown; lines_total stays the sum of the lines (BT-106). Frozen with the invoice.
ALTER TABLE "invoices" ADD COLUMN "adjustments" jsonb NOT NULL DEFAULT '[]'::jsonb;
