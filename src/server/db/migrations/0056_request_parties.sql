-- Issue 45 (decision record 0280): a request carries the customer's own reference (PO number), its parties, and the
-- gross weight as entered (kg or lb; weight_gross stays kg); the shipment it books keeps the PO number; a company's
-- address book keeps the parties its requests named, for the next one.
ALTER TABLE "requests" ADD COLUMN "po_number" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "shipper_name" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "shipper_address" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "consignee_name" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "consignee_address" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "notify_name" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "notify_address" text;
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "weight_unit" text DEFAULT 'kg' NOT NULL;
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_weight_unit_check" CHECK ("weight_unit" IN ('kg', 'lb'));
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "weight_entered" numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "po_number" text;
--> statement-breakpoint
CREATE TABLE "company_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"address" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_parties_name_unique" ON "company_parties" USING btree ("company_id", lower("name"));
--> statement-breakpoint
CREATE INDEX "company_parties_used_idx" ON "company_parties" USING btree ("company_id", "used_at" DESC);
--> statement-breakpoint
ALTER TABLE company_parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON company_parties FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0040's function, with company_parties added), so a role made later gets them too.
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
    invoice_lines, payments, open_invoices, company_parties TO cargodesk_customer;
  -- A charge line's supplier is staff-only (the policy shows a customer sell lines only: never a cost, a quote's included).
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
