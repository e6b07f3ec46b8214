-- Service keys (issue 18, decision record 0242). The key itself is never stored: only its sha256 and its first 12
-- characters. A customer reads their company's keys (row-level security, as migration 0008), never the hash column.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"role" text NOT NULL CHECK ("role" IN ('admin', 'export', 'import', 'customer')),
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"request_count" bigint DEFAULT 0 NOT NULL,
	"rate_limit_per_minute" integer NOT NULL CHECK ("rate_limit_per_minute" > 0),
	-- A company's key acts as a customer; a staff key belongs to no company.
	CONSTRAINT "api_keys_scope_check" CHECK (("role" = 'customer') = ("company_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id", "created_at");
--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by") WHERE company_id IS NULL;
--> statement-breakpoint
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON api_keys FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0025's function, with the keys' columns but their hash added).
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
    shipment_checklist_items TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  -- A key's hash is not for anyone to read back, the customer role included.
  GRANT SELECT (id, name, prefix, role, company_id, created_by, created_at, expires_at, revoked_at, revoked_by, last_used_at,
    last_used_ip, request_count, rate_limit_per_minute) ON api_keys TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
