-- Carrier events in the DCSA Track & Trace 3.0 standard (issue 18, decision record 0244). One row per event a carrier
-- or visibility provider sent, stored once per the sender's event id, in our own terms (kind, code, classifier, place,
-- vessel, references); the message as received is kept beside them. A matched event belongs to a shipment and so to
-- its company (kept here so the customer policy needs no join); an unmatched one waits in the staff inbox.
ALTER TABLE "shipments" ADD COLUMN "carrier_booking_reference" text;
--> statement-breakpoint
CREATE TABLE "carrier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"classifier" text,
	"occurred_at" timestamp with time zone,
	"source_updated_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"location_code" text,
	"location_name" text,
	"transport_mode" text,
	"vessel_name" text,
	"vessel_imo" text,
	"voyage" text,
	"container_number" text,
	"container_warning" text,
	"bl_number" text,
	"booking_reference" text,
	"state" text NOT NULL,
	"matched_by" text,
	"shipment_id" uuid REFERENCES "shipments"("id") ON DELETE set null,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE set null,
	"received_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"resolved_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"resolved_at" timestamp with time zone,
	"payload" jsonb NOT NULL,
	CONSTRAINT "carrier_events_kind_check" CHECK ("kind" IN ('shipment', 'transport', 'equipment')),
	CONSTRAINT "carrier_events_state_check" CHECK ("state" IN ('matched', 'unmatched', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_events_external_id_idx" ON "carrier_events" USING btree ("external_id");
--> statement-breakpoint
CREATE INDEX "carrier_events_shipment_idx" ON "carrier_events" USING btree ("shipment_id", "occurred_at");
--> statement-breakpoint
CREATE INDEX "carrier_events_company_received_idx" ON "carrier_events" USING btree ("company_id", "received_at", "id");
--> statement-breakpoint
CREATE INDEX "carrier_events_state_received_idx" ON "carrier_events" USING btree ("state", "received_at", "id");
--> statement-breakpoint
CREATE INDEX "carrier_events_received_idx" ON "carrier_events" USING btree ("received_at", "id");
--> statement-breakpoint
-- What an event is matched by: a container number (the shipment's or one of its containers), a BL number, a booking
-- reference (the last two compared without case).
CREATE INDEX "shipments_carrier_booking_reference_idx" ON "shipments" USING btree (upper("carrier_booking_reference"));
--> statement-breakpoint
CREATE INDEX "shipments_customer_reference_upper_idx" ON "shipments" USING btree (upper("customer_reference"));
--> statement-breakpoint
CREATE INDEX "shipments_container_number_idx" ON "shipments" USING btree ("container_number");
--> statement-breakpoint
CREATE INDEX "shipment_containers_number_idx" ON "shipment_containers" USING btree ("number");
--> statement-breakpoint
ALTER TABLE carrier_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON carrier_events FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0027's function, with carrier_events added), so a role made later gets it too.
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
    shipment_checklist_items, webhook_deliveries, webhook_attempts, carrier_events TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
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
