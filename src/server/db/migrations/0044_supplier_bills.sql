-- Supplier bills (issue 39, decision record 0264): a carrier's, consolidation agent's or service provider's invoice
-- as staff enter it (the file kept as a document), its lines matched to shipments' buy lines (the accrued cost), and
-- the payments made against it (the payables ageing). Amounts are exact `numeric`; the app reads them as decimal
-- strings (src/domain/money). Staff-only: the customer role gets no grant on these tables (like invoice_counts).

CREATE TABLE "supplier_bills" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "supplier_kind" text NOT NULL CHECK ("supplier_kind" IN ('carrier', 'agent', 'service_provider')),
  "supplier_id" uuid NOT NULL,
  -- The supplier's own number for the bill: unique per supplier (compared without case, see the index below).
  "number" text NOT NULL CHECK (length(btrim("number")) BETWEEN 1 AND 60),
  "bill_date" date NOT NULL,
  "due_date" date NOT NULL,
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  -- net = the sum of the lines (kept by the app in the same transaction), vat as billed, total = net + vat.
  "net" numeric(20,4) NOT NULL,
  "vat" numeric(20,4) NOT NULL DEFAULT 0 CHECK ("vat" >= 0),
  "total" numeric(20,4) NOT NULL CHECK ("total" > 0),
  -- The supplier's file as uploaded, kept as a document (files.name, like every other table that keeps a file).
  "document_name" text REFERENCES "files"("name") ON DELETE SET NULL,
  "note" text CHECK ("note" IS NULL OR length("note") <= 1000),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "supplier_bills_total" CHECK ("total" = "net" + "vat"),
  CONSTRAINT "supplier_bills_due_after_bill" CHECK ("due_date" >= "bill_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number_unique" ON "supplier_bills" ("supplier_kind", "supplier_id", lower(btrim("number")));
--> statement-breakpoint
CREATE INDEX "supplier_bills_list_idx" ON "supplier_bills" ("bill_date" DESC, "id" DESC);
--> statement-breakpoint
-- The payables ageing reads each supplier's bills by due day.
CREATE INDEX "supplier_bills_supplier_idx" ON "supplier_bills" ("supplier_kind", "supplier_id", "due_date") INCLUDE ("total", "currency");
--> statement-breakpoint
CREATE TABLE "supplier_bill_lines" (
  "bill_id" uuid NOT NULL REFERENCES "supplier_bills"("id") ON DELETE CASCADE,
  "position" integer NOT NULL CHECK ("position" >= 1),
  "description" text NOT NULL CHECK (length(btrim("description")) BETWEEN 1 AND 300),
  -- In the bill's currency; a negative line is a discount or a credit on the bill.
  "amount" numeric(20,4) NOT NULL CHECK ("amount" <> 0),
  -- The shipment this cost belongs to, and the buy line (accrued cost) it is matched to. A deleted shipment or buy
  -- line leaves the bill as the supplier sent it, unassigned.
  "shipment_id" uuid REFERENCES "shipments"("id") ON DELETE SET NULL,
  "charge_line_id" uuid REFERENCES "charge_lines"("id") ON DELETE SET NULL,
  CONSTRAINT "supplier_bill_lines_pk" PRIMARY KEY ("bill_id", "position"),
  CONSTRAINT "supplier_bill_lines_match_has_shipment" CHECK ("charge_line_id" IS NULL OR "shipment_id" IS NOT NULL)
);
--> statement-breakpoint
-- A buy line is matched by at most one bill line.
CREATE UNIQUE INDEX "supplier_bill_lines_match_unique" ON "supplier_bill_lines" ("charge_line_id") WHERE "charge_line_id" IS NOT NULL;
--> statement-breakpoint
-- A shipment's actual costs: its bill lines.
CREATE INDEX "supplier_bill_lines_shipment_idx" ON "supplier_bill_lines" ("shipment_id") WHERE "shipment_id" IS NOT NULL;
--> statement-breakpoint
-- What the app checks before a match, held by the database too: the matched line is a buy line of the line's shipment,
-- in the bill's currency (a difference is only meaningful in one currency).
CREATE OR REPLACE FUNCTION cargodesk_supplier_bill_line_match() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l record;
  bill_currency text;
BEGIN
  IF NEW.charge_line_id IS NULL THEN RETURN NEW; END IF;
  SELECT c.side, c.shipment_id, c.currency INTO l FROM charge_lines c WHERE c.id = NEW.charge_line_id;
  SELECT b.currency INTO bill_currency FROM supplier_bills b WHERE b.id = NEW.bill_id;
  IF l.side IS DISTINCT FROM 'buy' THEN
    RAISE EXCEPTION 'cargodesk: a supplier bill line matches a buy line only' USING ERRCODE = 'P0001';
  END IF;
  IF l.shipment_id IS DISTINCT FROM NEW.shipment_id THEN
    RAISE EXCEPTION 'cargodesk: the matched buy line is not on the bill line''s shipment' USING ERRCODE = 'P0001';
  END IF;
  IF l.currency IS DISTINCT FROM bill_currency THEN
    RAISE EXCEPTION 'cargodesk: the matched buy line is in %, the bill in %', l.currency, bill_currency USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER supplier_bill_lines_match BEFORE INSERT OR UPDATE OF charge_line_id, shipment_id ON supplier_bill_lines
  FOR EACH ROW EXECUTE FUNCTION cargodesk_supplier_bill_line_match();
--> statement-breakpoint
-- Money paid to the supplier against one bill (never more than the bill's total, checked by the app under the bill's lock).
CREATE TABLE "supplier_bill_payments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "bill_id" uuid NOT NULL REFERENCES "supplier_bills"("id") ON DELETE RESTRICT,
  "paid_on" date NOT NULL,
  "amount" numeric(20,4) NOT NULL CHECK ("amount" > 0),
  "reference" text CHECK ("reference" IS NULL OR length("reference") <= 100),
  "note" text CHECK ("note" IS NULL OR length("note") <= 1000),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "supplier_bill_payments_bill_idx" ON "supplier_bill_payments" ("bill_id", "paid_on") INCLUDE ("amount");
