-- Billing (issue 38, decision record 0258): charge lines, invoices and credit notes, gapless numbers, payments, the
-- seller's billing settings and the buyer's VAT number and payment terms. Amounts are exact `numeric`; the app reads
-- them as decimal strings (src/domain/money). Customers read only what is theirs and meant for them (policies below).

ALTER TABLE "companies" ADD COLUMN "vat_number" text;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country" text CHECK ("country" IS NULL OR "country" ~ '^[A-Z]{2}$');
--> statement-breakpoint
-- Days from an invoice's issue to its due day; null: the billing settings' default.
ALTER TABLE "companies" ADD COLUMN "payment_terms_days" integer CHECK ("payment_terms_days" IS NULL OR "payment_terms_days" BETWEEN 0 AND 365);
--> statement-breakpoint
-- The forwarder's own billing identity: exactly one row (id = 1), changed by administrators.
CREATE TABLE "billing_settings" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "legal_name" text NOT NULL DEFAULT '',
  "address" text NOT NULL DEFAULT '',
  "country" text NOT NULL DEFAULT 'TR' CHECK ("country" ~ '^[A-Z]{2}$'),
  "vat_number" text NOT NULL DEFAULT '',
  "tax_office" text NOT NULL DEFAULT '',
  "iban" text NOT NULL DEFAULT '',
  "bic" text NOT NULL DEFAULT '',
  "bank_name" text NOT NULL DEFAULT '',
  "payment_terms_days" integer NOT NULL DEFAULT 30 CHECK ("payment_terms_days" BETWEEN 0 AND 365),
  "default_currency" text NOT NULL DEFAULT 'EUR' CHECK ("default_currency" ~ '^[A-Z]{3}$'),
  "default_vat_category" text NOT NULL DEFAULT 'S' CHECK ("default_vat_category" IN ('S','Z','E','AE','K','G','O')),
  "default_vat_rate" numeric(5,2) NOT NULL DEFAULT 20,
  "default_exemption_reason" text NOT NULL DEFAULT '',
  "invoice_note" text NOT NULL DEFAULT '',
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
INSERT INTO "billing_settings" ("id") VALUES (1);
--> statement-breakpoint
-- Charge codes (FRT, BAF, THC ...): a list administrators extend; each belongs to one of the nine categories.
CREATE TABLE "charge_codes" (
  "code" text PRIMARY KEY CHECK ("code" ~ '^[A-Z0-9]{2,8}$'),
  "category" text NOT NULL CHECK ("category" IN ('freight','service','customs','insurance','handling','documentation','storage','delivery','other')),
  "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 100),
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "charge_codes" ("code", "category", "name") VALUES
  ('FRT', 'freight', 'Freight'),
  ('BAF', 'freight', 'Bunker adjustment factor'),
  ('CAF', 'freight', 'Currency adjustment factor'),
  ('FSC', 'freight', 'Fuel surcharge'),
  ('SSC', 'freight', 'Security surcharge'),
  ('PSS', 'freight', 'Peak season surcharge'),
  ('THC', 'handling', 'Terminal handling charge'),
  ('ISPS', 'handling', 'ISPS security charge'),
  ('HDL', 'handling', 'Handling'),
  ('SRV', 'service', 'Service charge'),
  ('CUS', 'customs', 'Customs clearance'),
  ('INS', 'insurance', 'Cargo insurance'),
  ('DOC', 'documentation', 'Documentation fee'),
  ('STO', 'storage', 'Storage'),
  ('DEL', 'delivery', 'Delivery'),
  ('OTH', 'other', 'Other charges');
--> statement-breakpoint
-- Invoices and credit notes. A draft's number is null; issuing gives it one and freezes the row (trigger below).
CREATE TABLE "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "kind" text NOT NULL CHECK ("kind" IN ('invoice', 'credit_note')),
  "status" text NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'issued')),
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE RESTRICT,
  "number" text UNIQUE,
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  -- The day whose stored rates convert lines in other currencies (the last publication on or before it).
  "rate_date" date,
  "issue_date" date,
  "due_date" date,
  -- A credit note corrects one issued invoice.
  "credited_invoice_id" uuid REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "buyer_reference" text,
  "note" text,
  -- Totals as decimal strings per the currency's minor unit (kept exact on every change of a draft).
  "lines_total" numeric(20,4) NOT NULL DEFAULT 0,
  "tax_exclusive" numeric(20,4) NOT NULL DEFAULT 0,
  "tax_total" numeric(20,4) NOT NULL DEFAULT 0,
  "tax_inclusive" numeric(20,4) NOT NULL DEFAULT 0,
  "payable" numeric(20,4) NOT NULL DEFAULT 0,
  "tax_subtotals" jsonb NOT NULL DEFAULT '[]',
  -- The seller's and buyer's details as they stood when issued (name, address, VAT number, bank details).
  "seller" jsonb,
  "buyer" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "issued_at" timestamp with time zone,
  "issued_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "invoices_issued_has_number" CHECK (("status" = 'issued') = ("number" IS NOT NULL AND "issue_date" IS NOT NULL AND "due_date" IS NOT NULL)),
  CONSTRAINT "invoices_credit_refers" CHECK (("kind" = 'credit_note') = ("credited_invoice_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" ("issue_date" DESC NULLS FIRST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" ("company_id", "issue_date" DESC NULLS FIRST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" ("due_date") WHERE "status" = 'issued' AND "kind" = 'invoice';
--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" ("credited_invoice_id") WHERE "credited_invoice_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "description" text NOT NULL,
  "quantity" numeric(18,6) NOT NULL,
  "unit" text NOT NULL DEFAULT 'shipment',
  "unit_price" numeric(20,6) NOT NULL,
  -- quantity x unit price in the invoice's currency, rounded to its minor unit (BT-131).
  "net" numeric(20,4) NOT NULL,
  "vat_category" text NOT NULL CHECK ("vat_category" IN ('S','Z','E','AE','K','G','O')),
  "vat_rate" numeric(5,2) NOT NULL,
  "exemption_reason" text,
  "shipment_id" uuid REFERENCES "shipments"("id") ON DELETE SET NULL,
  -- The charge line billed here, and its own amount and currency when converted at the invoice's rate day.
  "charge_line_id" uuid,
  "source_amount" numeric(20,4),
  "source_currency" text,
  "exchange_rate" numeric,
  "exchange_rate_date" date,
  CONSTRAINT "invoice_lines_pk" PRIMARY KEY ("invoice_id", "position")
);
--> statement-breakpoint
CREATE INDEX "invoice_lines_shipment_idx" ON "invoice_lines" ("shipment_id") WHERE "shipment_id" IS NOT NULL;
--> statement-breakpoint
-- A shipment's or a quote's money, one line each: sell (a charge to the customer) or buy (a cost from a supplier).
CREATE TABLE "charge_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "shipment_id" uuid REFERENCES "shipments"("id") ON DELETE CASCADE,
  "request_id" uuid REFERENCES "requests"("id") ON DELETE CASCADE,
  "position" integer NOT NULL DEFAULT 0,
  "side" text NOT NULL CHECK ("side" IN ('sell', 'buy')),
  "category" text NOT NULL CHECK ("category" IN ('freight','service','customs','insurance','handling','documentation','storage','delivery','other')),
  "code" text REFERENCES "charge_codes"("code") ON UPDATE CASCADE ON DELETE SET NULL,
  "description" text,
  "quantity" numeric(18,6) NOT NULL DEFAULT 1,
  "unit" text NOT NULL DEFAULT 'shipment' CHECK ("unit" IN ('shipment', 'container', 'kg', 'wm')),
  "unit_price" numeric(20,6) NOT NULL,
  -- quantity x unit price rounded to the currency's minor unit, written by the app with the line.
  "amount" numeric(20,4) NOT NULL,
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  "vat_category" text CHECK ("vat_category" IN ('S','Z','E','AE','K','G','O')),
  "vat_rate" numeric(5,2),
  "exemption_reason" text,
  -- A cost's supplier: a carrier, a consolidation agent or a service provider.
  "supplier_kind" text CHECK ("supplier_kind" IN ('carrier', 'agent', 'service_provider')),
  "supplier_id" uuid,
  -- The seed's field this line stands for (service_charge ... other_costs): at most one line per field and shipment.
  "field" text,
  -- The invoice that bills this sell line (a draft holds it too); null: unbilled.
  "invoice_id" uuid REFERENCES "invoices"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "charge_lines_one_owner" CHECK (("shipment_id" IS NULL) <> ("request_id" IS NULL)),
  CONSTRAINT "charge_lines_supplier_on_buy" CHECK ("supplier_kind" IS NULL OR "side" = 'buy'),
  CONSTRAINT "charge_lines_billed_sell" CHECK ("invoice_id" IS NULL OR "side" = 'sell')
);
--> statement-breakpoint
CREATE INDEX "charge_lines_shipment_idx" ON "charge_lines" ("shipment_id", "position") WHERE "shipment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "charge_lines_request_idx" ON "charge_lines" ("request_id", "position") WHERE "request_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "charge_lines_field_unique" ON "charge_lines" ("shipment_id", "field") WHERE "field" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "charge_lines_unbilled_idx" ON "charge_lines" ("shipment_id") WHERE "side" = 'sell' AND "invoice_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "charge_lines_invoice_idx" ON "charge_lines" ("invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
-- Gapless numbers: the last number given per series and year, handed out under this row's lock in the issuing
-- transaction (a rolled-back issue gives its number back).
CREATE TABLE "document_series" (
  "series" text NOT NULL,
  "year" integer NOT NULL,
  "last" integer NOT NULL,
  CONSTRAINT "document_series_pk" PRIMARY KEY ("series", "year")
);
--> statement-breakpoint
-- Money received from a customer company. Applied to one invoice or, with none, a credit on the account; more than an
-- invoice's open amount leaves the rest as a credit on the account too.
CREATE TABLE "payments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE RESTRICT,
  "invoice_id" uuid REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "received_on" date NOT NULL,
  "amount" numeric(20,4) NOT NULL CHECK ("amount" > 0),
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  "method" text NOT NULL CHECK ("method" IN ('bank_transfer', 'card', 'cash', 'cheque', 'other')),
  "reference" text,
  "note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" ("company_id", "received_on");
--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" ("invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
-- An issued invoice or credit note never changes (EN 16931: corrections are credit notes): only a draft's rows may.
CREATE OR REPLACE FUNCTION cargodesk_invoice_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'invoices' THEN
    IF OLD.status = 'issued' THEN
      RAISE EXCEPTION 'cargodesk: issued invoice % cannot change', OLD.number USING ERRCODE = 'P0001';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM invoices i WHERE i.status = 'issued'
      AND i.id = (CASE WHEN TG_OP = 'INSERT' THEN NEW.invoice_id ELSE OLD.invoice_id END)) THEN
    RAISE EXCEPTION 'cargodesk: lines of an issued invoice cannot change' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION cargodesk_invoice_frozen();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION cargodesk_invoice_frozen();
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A customer reads their company's issued invoices and credit notes, never a draft.
CREATE POLICY customer_scope ON invoices FOR SELECT USING (company_id = cargodesk_scope_company() AND status = 'issued');
--> statement-breakpoint
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON invoice_lines FOR SELECT
  USING (invoice_id IN (SELECT i.id FROM invoices i WHERE i.company_id = cargodesk_scope_company() AND i.status = 'issued'));
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON payments FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE charge_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A customer reads the charges (sell lines) of their company's shipments and of their sent quotes, never a cost.
CREATE POLICY customer_scope ON charge_lines FOR SELECT USING (
  side = 'sell' AND (
    shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company())
    OR request_id IN (SELECT q.request_id FROM request_quotes q WHERE q.company_id = cargodesk_scope_company() AND q.sent_at IS NOT NULL)
  )
);
--> statement-breakpoint
-- The role's grants (migration 0028's function, with the billing tables added), so a role made later gets them too.
CREATE OR REPLACE FUNCTION cargodesk_customer_role_setup() RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cargodesk_customer') THEN
    BEGIN
      CREATE ROLE cargodesk_customer NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'cargodesk: cannot create role cargodesk_customer; customer row security stays off until an operator creates it (decision record 0020)';
        RETURN 'role missing';
    END;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN
      EXECUTE format('GRANT cargodesk_customer TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
      RAISE WARNING 'cargodesk: cannot grant cargodesk_customer to %; an operator must (decision record 0020)', current_user;
    END;
  END IF;
  GRANT SELECT ON companies, customers, shipments, shipment_containers, shipment_events, document_assignments, files,
    carriers, service_providers, consolidation_agents, airports, seaports, share_links, requests, request_quotes,
    request_events, threads, messages, message_attachments, thread_reads, request_attachments, share_link_documents,
    shipment_checklist_items, webhook_deliveries, webhook_attempts, carrier_events, charge_codes, invoices,
    invoice_lines, payments TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
  -- A charge line's supplier is staff-only (the policy shows a customer sell lines only).
  GRANT SELECT (id, shipment_id, request_id, position, side, category, code, description, quantity, unit, unit_price,
    amount, currency, vat_category, vat_rate, exemption_reason, invoice_id, created_at, updated_at) ON charge_lines TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  -- A webhook's signing secret is shown once, at creation or rotation: never read back under the customer role.
  GRANT SELECT (id, company_id, url, description, events, secret_hint, status, paused_reason, failing_since, last_delivery_at,
    created_by, created_at, updated_at) ON webhook_subscriptions TO cargodesk_customer;
  -- A key's hash is not for anyone to read back, the customer role included (migration 0026).
  GRANT SELECT (id, name, prefix, role, company_id, created_by, created_at, expires_at, revoked_at, revoked_by, last_used_at,
    last_used_ip, request_count, rate_limit_per_minute) ON api_keys TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
