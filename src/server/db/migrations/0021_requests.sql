-- Booking requests, quotes and their history (issue 15, decision record 0233). A customer reads their company's
-- requests, sent quotes and the public history under row-level security (as migration 0008); a quote line's cost
-- column is not granted to the customer role, so no customer read can return it whatever its query.
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE restrict,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"handler_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"status" text DEFAULT 'submitted' NOT NULL,
	"mode" text NOT NULL,
	"direction" text NOT NULL,
	"sea_load" text,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_airport" text,
	"origin_port" text,
	"origin_address" text,
	"origin_city" text,
	"origin_country" text,
	"destination_airport" text,
	"destination_port" text,
	"destination_address" text,
	"destination_city" text,
	"destination_country" text,
	"cargo_ready_date" date NOT NULL,
	"incoterm" text,
	"incoterm_place" text,
	"cargo_description" text NOT NULL,
	"pieces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_gross" numeric(14, 3) NOT NULL,
	"volume" numeric(14, 3),
	"weight_chargeable" numeric(14, 3),
	"dangerous_goods" boolean DEFAULT false NOT NULL,
	"un_number" text,
	"hazard_class" text,
	"notes" text,
	"decline_reason" text,
	"shipment_id" uuid REFERENCES "shipments"("id") ON DELETE set null,
	"valid_until" date,
	"search" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_status_check" CHECK ("status" IN ('submitted', 'quoted', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "requests_number_unique" ON "requests" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "requests_shipment_unique" ON "requests" USING btree ("shipment_id");
--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "requests_company_created_idx" ON "requests" USING btree ("company_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "requests_status_created_idx" ON "requests" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "requests_handler_created_idx" ON "requests" USING btree ("handler_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "requests_search_trgm" ON "requests" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "request_quotes" (
	"request_id" uuid PRIMARY KEY NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"mode" text,
	"transport_mode" text,
	"valid_until" date,
	"transit_days" integer,
	"terms" text,
	"customer_note" text,
	"sent_at" timestamp with time zone,
	"sent_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"expiry_warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "request_quotes_valid_until_idx" ON "request_quotes" USING btree ("valid_until") WHERE sent_at is not null and expiry_warned_at is null;
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"request_id" uuid NOT NULL REFERENCES "request_quotes"("request_id") ON DELETE cascade,
	"position" integer NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"category" text NOT NULL,
	"description" text,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"cost" numeric(14, 2),
	CONSTRAINT "quote_lines_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("request_id", "created_at");
--> statement-breakpoint
CREATE TABLE "request_counters" (
	"period" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON requests FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE request_quotes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A draft is the handler's work in progress: only a sent quote reaches the customer.
CREATE POLICY customer_scope ON request_quotes FOR SELECT USING (company_id = cargodesk_scope_company() AND sent_at IS NOT NULL);
--> statement-breakpoint
ALTER TABLE quote_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON quote_lines FOR SELECT USING (
  company_id = cargodesk_scope_company()
  AND EXISTS (SELECT 1 FROM request_quotes q WHERE q.request_id = quote_lines.request_id AND q.sent_at IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE request_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON request_events FOR SELECT USING (company_id = cargodesk_scope_company() AND NOT internal);
--> statement-breakpoint
-- The role's grants (migration 0018's function, with the request tables added).
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
    request_events TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
