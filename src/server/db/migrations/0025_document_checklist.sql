-- Issue 16: the document checklist (decision record 0238). Admins keep one template per shipment type and direction;
-- a new shipment copies its template's items; each item is satisfied by a document of the shipment, which staff approve
-- or reject. An item's due day is computed on read from the shipment's estimated date (it follows every change).
CREATE TABLE "checklist_template_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_type" text NOT NULL,
	"loading_type" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"anchor" text NOT NULL,
	"offset_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "checklist_template_items_type_check" CHECK (shipment_type IN ('air', 'sea', 'land', 'partial')),
	CONSTRAINT "checklist_template_items_loading_check" CHECK (loading_type IN ('export', 'import')),
	CONSTRAINT "checklist_template_items_provider_check" CHECK (provider IN ('customer', 'forwarder')),
	CONSTRAINT "checklist_template_items_anchor_check" CHECK (anchor IN ('departure', 'arrival')),
	CONSTRAINT "checklist_template_items_offset_check" CHECK (offset_days BETWEEN -90 AND 90),
	CONSTRAINT "checklist_template_items_position_unique" UNIQUE ("shipment_type", "loading_type", "position")
);
--> statement-breakpoint
CREATE TABLE "shipment_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL REFERENCES "shipments"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"required" boolean NOT NULL,
	"anchor" text NOT NULL,
	"offset_days" integer NOT NULL,
	-- The document that satisfies it: null while missing (and after a rejection, or when the file is deleted).
	"document_name" text REFERENCES "files"("name") ON DELETE set null,
	"received_at" timestamp with time zone,
	"received_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"approved_at" timestamp with time zone,
	"approved_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"rejected_name" text,
	"reject_reason" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" uuid REFERENCES "users"("id") ON DELETE set null,
	-- The due day the customer was last reminded of (issue 17's "checklist item due"): once per due day.
	"reminded_for" date,
	CONSTRAINT "shipment_checklist_items_provider_check" CHECK (provider IN ('customer', 'forwarder')),
	CONSTRAINT "shipment_checklist_items_anchor_check" CHECK (anchor IN ('departure', 'arrival')),
	CONSTRAINT "shipment_checklist_items_offset_check" CHECK (offset_days BETWEEN -90 AND 90),
	CONSTRAINT "shipment_checklist_items_position_unique" UNIQUE ("shipment_id", "position")
);
--> statement-breakpoint
-- The overdue count and page read only the required items still without a document.
CREATE INDEX "shipment_checklist_missing_idx" ON "shipment_checklist_items" ("shipment_id") WHERE document_name IS NULL AND required;
--> statement-breakpoint
CREATE INDEX "shipment_checklist_document_idx" ON "shipment_checklist_items" ("document_name") WHERE document_name IS NOT NULL;
--> statement-breakpoint
-- A customer reads the checklist of their company's shipments (migration 0008's scope).
ALTER TABLE shipment_checklist_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON shipment_checklist_items FOR SELECT
  USING (shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
-- The role's grants (migration 0024's function, with the checklist added), so a role made later gets it too.
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
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
--> statement-breakpoint
-- The templates the product ships with: what a forwarder asks for on each kind of shipment, due before departure for
-- exports and around arrival for imports (negative offsets are days before). Admins change them in Settings.
INSERT INTO "checklist_template_items" ("shipment_type", "loading_type", "position", "name", "provider", "required", "anchor", "offset_days") VALUES
	('sea', 'export', 1, 'Commercial Invoice', 'customer', true, 'departure', -5),
	('sea', 'export', 2, 'Packing List', 'customer', true, 'departure', -5),
	('sea', 'export', 3, 'Verified Gross Mass (VGM) declaration', 'customer', true, 'departure', -3),
	('sea', 'export', 4, 'Certificate of Origin', 'customer', false, 'departure', -3),
	('sea', 'export', 5, 'Export customs declaration', 'forwarder', true, 'departure', -2),
	('sea', 'export', 6, 'B/L draft approval', 'customer', true, 'departure', -2),
	('sea', 'import', 1, 'Commercial Invoice', 'customer', true, 'arrival', -5),
	('sea', 'import', 2, 'Packing List', 'customer', true, 'arrival', -5),
	('sea', 'import', 3, 'Original Bill of Lading or telex release', 'customer', true, 'arrival', -2),
	('sea', 'import', 4, 'Certificate of Origin', 'customer', false, 'arrival', -3),
	('sea', 'import', 5, 'Arrival Notice', 'forwarder', true, 'arrival', -2),
	('sea', 'import', 6, 'Import customs declaration', 'forwarder', true, 'arrival', 1),
	('air', 'export', 1, 'Commercial Invoice', 'customer', true, 'departure', -3),
	('air', 'export', 2, 'Packing List', 'customer', true, 'departure', -3),
	('air', 'export', 3, 'Shipper''s Letter of Instruction', 'customer', true, 'departure', -2),
	('air', 'export', 4, 'Dangerous Goods Declaration', 'customer', false, 'departure', -2),
	('air', 'export', 5, 'Export customs declaration', 'forwarder', true, 'departure', -1),
	('air', 'export', 6, 'House Air Waybill', 'forwarder', true, 'departure', 0),
	('air', 'import', 1, 'Commercial Invoice', 'customer', true, 'arrival', -2),
	('air', 'import', 2, 'Packing List', 'customer', true, 'arrival', -2),
	('air', 'import', 3, 'Arrival Notice', 'forwarder', true, 'arrival', -1),
	('air', 'import', 4, 'Import customs declaration', 'forwarder', true, 'arrival', 1),
	('land', 'export', 1, 'Commercial Invoice', 'customer', true, 'departure', -3),
	('land', 'export', 2, 'Packing List', 'customer', true, 'departure', -3),
	('land', 'export', 3, 'Export customs declaration', 'forwarder', true, 'departure', -1),
	('land', 'export', 4, 'CMR consignment note', 'forwarder', true, 'departure', 0),
	('land', 'import', 1, 'Commercial Invoice', 'customer', true, 'arrival', -3),
	('land', 'import', 2, 'Packing List', 'customer', true, 'arrival', -3),
	('land', 'import', 3, 'Transit declaration (T1)', 'forwarder', false, 'arrival', -1),
	('land', 'import', 4, 'Import customs declaration', 'forwarder', true, 'arrival', 1),
	('partial', 'export', 1, 'Commercial Invoice', 'customer', true, 'departure', -5),
	('partial', 'export', 2, 'Packing List', 'customer', true, 'departure', -5),
	('partial', 'export', 3, 'Export customs declaration', 'forwarder', true, 'departure', -2),
	('partial', 'import', 1, 'Commercial Invoice', 'customer', true, 'arrival', -5),
	('partial', 'import', 2, 'Packing List', 'customer', true, 'arrival', -5),
	('partial', 'import', 3, 'Import customs declaration', 'forwarder', true, 'arrival', 1);
