-- Issue 18: signed webhooks (decision record 0243). A subscription belongs to a company (a customer's, or an admin's
-- for one company) or to none (an admin's, for every company). Each event it takes becomes one delivery, sent by the
-- outbox worker (outbox.kind = 'webhook'); each try is logged as an attempt. The secret never leaves the server after
-- creation: the customer role may not read that column.
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"secret_hint" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"failing_since" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_status_check" CHECK (status IN ('active', 'paused')),
	CONSTRAINT "webhook_subscriptions_paused_reason_check" CHECK (paused_reason IS NULL OR paused_reason IN ('manual', 'failing'))
);
--> statement-breakpoint
-- An event looks up the active subscriptions of its company and the all-company ones.
CREATE INDEX "webhook_subscriptions_company_idx" ON "webhook_subscriptions" ("company_id") WHERE status = 'active';
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "webhook_subscriptions"("id") ON DELETE cascade,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"replays" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state_check" CHECK (state IN ('pending', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "webhook_deliveries_once" UNIQUE ("subscription_id", "event_key")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("subscription_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"subscription_id" uuid NOT NULL REFERENCES "webhook_subscriptions"("id") ON DELETE cascade,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"response_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "at");
--> statement-breakpoint
-- A delivery's outbox row names it; the worker picks its handler by kind.
CREATE INDEX "outbox_kind_idx" ON "outbox" ("kind") WHERE kind <> 'mail';
--> statement-breakpoint
ALTER TABLE webhook_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON webhook_subscriptions FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON webhook_deliveries FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE webhook_attempts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON webhook_attempts FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0026's function, with the webhook tables added; never the secret column).
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
    shipment_checklist_items, webhook_deliveries, webhook_attempts TO cargodesk_customer;
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
