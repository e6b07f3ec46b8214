-- Issue 16: papers generated from a shipment's data (house bill of lading, house air waybill, CMR, arrival notice,
-- booking confirmation, debit note), their versions and the final flag, and the letterhead they carry.
-- A generated paper is an ordinary document assigned to its shipment; while it is not final its assignment is a
-- draft, which customers never read (the app's SQL and the policies below both say so).
ALTER TABLE "document_assignments" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "generated_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL REFERENCES "shipments"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"document_name" text NOT NULL UNIQUE REFERENCES "files"("name") ON DELETE cascade,
	-- The printed fields' values when it was generated: an edit since then is named on the list and the form.
	"printed" jsonb NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"finalized_at" timestamp with time zone,
	"finalized_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_documents_kind_check" CHECK (kind IN ('hbl', 'hawb', 'cmr', 'arrival_notice', 'booking_confirmation', 'debit_note')),
	CONSTRAINT "generated_documents_version_check" CHECK (version >= 1),
	CONSTRAINT "generated_documents_final_check" CHECK (final = (finalized_at IS NOT NULL)),
	CONSTRAINT "generated_documents_version_unique" UNIQUE ("shipment_id", "kind", "version")
);
--> statement-breakpoint
-- The last version number handed out per shipment and paper: a generation takes its number here in one short statement
-- before it renders (the number is printed on the paper), so generations at once never wait on each other or collide.
-- A generation that fails after taking its number leaves a gap (v1, v3): the numbers say what was issued, not a count.
CREATE TABLE "generated_document_counters" (
	"shipment_id" uuid NOT NULL REFERENCES "shipments"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"last_version" integer NOT NULL,
	CONSTRAINT "generated_document_counters_pk" PRIMARY KEY ("shipment_id", "kind")
);
--> statement-breakpoint
-- The forwarder's own name, address and logo on every paper: one row, kept by administrators in Settings.
CREATE TABLE "letterhead" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"logo" bytea,
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "letterhead_one_row" CHECK (id = 1),
	CONSTRAINT "letterhead_logo_type_check" CHECK ((logo IS NULL) = (logo_type IS NULL) AND (logo_type IS NULL OR logo_type IN ('image/png', 'image/jpeg')))
);
--> statement-breakpoint
-- A customer reads the assignments of their company's shipments that are not drafts (migration 0008, narrowed).
DROP POLICY customer_scope ON document_assignments;
--> statement-breakpoint
CREATE POLICY customer_scope ON document_assignments FOR SELECT
  USING (NOT draft AND shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
-- Files as migration 0023 says, with a draft assignment giving no read.
DROP POLICY customer_scope ON files;
--> statement-breakpoint
CREATE POLICY customer_scope ON files FOR SELECT
  USING (
    EXISTS (
      SELECT 1 FROM document_assignments a JOIN shipments s ON s.id = a.shipment_id
      WHERE a.document_name = files.name AND NOT a.draft AND s.company_id = cargodesk_scope_company())
    OR EXISTS (SELECT 1 FROM request_attachments ra WHERE ra.document_name = files.name AND ra.company_id = cargodesk_scope_company())
    OR EXISTS (
      SELECT 1 FROM message_attachments ma
      WHERE ma.document_name = files.name AND ma.company_id = cargodesk_scope_company() AND NOT ma.internal));
--> statement-breakpoint
-- Issue 17's share-tracking links may share final documents of their shipment (issue 16): the ones the creator ticked.
CREATE TABLE "share_link_documents" (
	"share_link_id" uuid NOT NULL REFERENCES "share_links"("id") ON DELETE cascade,
	"document_name" text NOT NULL REFERENCES "files"("name") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	CONSTRAINT "share_link_documents_pk" PRIMARY KEY ("share_link_id", "document_name")
);
--> statement-breakpoint
ALTER TABLE share_link_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON share_link_documents FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0023's function, with the shared documents added).
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
    request_events, threads, messages, message_attachments, thread_reads, request_attachments, share_link_documents TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
