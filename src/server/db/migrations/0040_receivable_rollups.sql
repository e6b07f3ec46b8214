-- Two rollups for the money pages at the benchmark's scale (issue 38, decision record 0260), kept by row triggers
-- like request_counts (migration 0022):
--
-- invoice_counts: the invoice list's exact total per company, kind and state of the row (draft, issued), so the staff
-- list's total is a sum over a few thousand rows instead of a count over every invoice (40 ms at 500,000).
--
-- open_invoices: each issued invoice with something open today, with its open amount (payable less its payments and
-- its issued credit notes, whatever their day). The ageing report, a statement's ageing and the overdue list read it
-- instead of summing every invoice's payments (500 ms at 500,000). A day in the past is still exact: an invoice paid
-- or credited after that day is not in the rollup, so the report computes those few from their payments and credit
-- notes (src/server/features/payments/receivables.ts).
CREATE TABLE "invoice_counts" (
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "status" text NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "invoice_counts_pk" PRIMARY KEY ("company_id", "kind", "status")
);
--> statement-breakpoint
CREATE TABLE "open_invoices" (
  "invoice_id" uuid PRIMARY KEY REFERENCES "invoices"("id") ON DELETE CASCADE,
  "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "currency" text NOT NULL,
  "number" text NOT NULL,
  "issue_date" date NOT NULL,
  "due_date" date NOT NULL,
  "payable" numeric(20, 4) NOT NULL,
  "open" numeric(20, 4) NOT NULL CHECK ("open" > 0)
);
--> statement-breakpoint
CREATE INDEX "open_invoices_company_idx" ON "open_invoices" ("company_id", "currency") INCLUDE ("issue_date", "due_date", "open");
--> statement-breakpoint
CREATE INDEX "open_invoices_due_idx" ON "open_invoices" ("due_date", "number");
--> statement-breakpoint
-- Issued credit notes by their day (the report's "credited after the day asked").
CREATE INDEX "invoices_credit_note_day_idx" ON "invoices" ("issue_date") INCLUDE ("credited_invoice_id")
  WHERE "status" = 'issued' AND "kind" = 'credit_note';
--> statement-breakpoint
-- Payments applied to an invoice by their day (the report's "paid after the day asked").
CREATE INDEX "payments_day_invoice_idx" ON "payments" ("received_on") INCLUDE ("invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
-- One invoice's row of open_invoices, from the truth: gone when nothing is open (or it is not an issued invoice).
CREATE OR REPLACE FUNCTION cargodesk_open_invoice_refresh(target uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM open_invoices WHERE invoice_id = target;
  INSERT INTO open_invoices (invoice_id, company_id, currency, number, issue_date, due_date, payable, open)
  SELECT x.id, x.company_id, x.currency, x.number, x.issue_date, x.due_date, x.payable, x.open
  FROM (
    SELECT i.id, i.company_id, i.currency, i.number, i.issue_date, i.due_date, i.payable,
      i.payable
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.invoice_id = i.id), 0)
        - coalesce((SELECT sum(cn.payable) FROM invoices cn WHERE cn.credited_invoice_id = i.id AND cn.status = 'issued' AND cn.kind = 'credit_note'), 0) AS open
    FROM invoices i WHERE i.id = target AND i.status = 'issued' AND i.kind = 'invoice'
  ) x WHERE x.open > 0;
END $$;
--> statement-breakpoint
-- Every row of both rollups again (this migration's backfill; a bulk load that switched the triggers off runs it too).
CREATE OR REPLACE FUNCTION cargodesk_receivable_rollups_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_counts;
  INSERT INTO invoice_counts (company_id, kind, status, n) SELECT company_id, kind, status, count(*) FROM invoices GROUP BY 1, 2, 3;
  DELETE FROM open_invoices;
  INSERT INTO open_invoices (invoice_id, company_id, currency, number, issue_date, due_date, payable, open)
  SELECT x.id, x.company_id, x.currency, x.number, x.issue_date, x.due_date, x.payable, x.open
  FROM (
    SELECT i.id, i.company_id, i.currency, i.number, i.issue_date, i.due_date, i.payable,
      i.payable - coalesce(paid.amount, 0) - coalesce(credited.amount, 0) AS open
    FROM invoices i
    LEFT JOIN (SELECT invoice_id, sum(amount) AS amount FROM payments WHERE invoice_id IS NOT NULL GROUP BY invoice_id) paid ON paid.invoice_id = i.id
    LEFT JOIN (SELECT credited_invoice_id, sum(payable) AS amount FROM invoices WHERE status = 'issued' AND kind = 'credit_note' GROUP BY credited_invoice_id) credited
      ON credited.credited_invoice_id = i.id
    WHERE i.status = 'issued' AND i.kind = 'invoice'
  ) x WHERE x.open > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_invoice_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO invoice_counts (company_id, kind, status, n) VALUES (OLD.company_id, OLD.kind, OLD.status, -1)
    ON CONFLICT (company_id, kind, status) DO UPDATE SET n = invoice_counts.n - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO invoice_counts (company_id, kind, status, n) VALUES (NEW.company_id, NEW.kind, NEW.status, 1)
    ON CONFLICT (company_id, kind, status) DO UPDATE SET n = invoice_counts.n + 1;
    -- Issuing an invoice opens it; issuing a credit note takes its amount off the invoice it corrects.
    IF NEW.status = 'issued' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'issued') THEN
      PERFORM cargodesk_open_invoice_refresh(CASE WHEN NEW.kind = 'invoice' THEN NEW.id ELSE NEW.credited_invoice_id END);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_rollups AFTER INSERT OR DELETE OR UPDATE OF company_id, kind, status ON invoices
FOR EACH ROW EXECUTE FUNCTION cargodesk_invoice_rollups();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_payment_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.invoice_id IS NOT NULL THEN PERFORM cargodesk_open_invoice_refresh(OLD.invoice_id); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.invoice_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id) THEN
    PERFORM cargodesk_open_invoice_refresh(NEW.invoice_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_rollups AFTER INSERT OR DELETE OR UPDATE OF invoice_id, amount ON payments
FOR EACH ROW EXECUTE FUNCTION cargodesk_payment_rollups();
--> statement-breakpoint
SELECT cargodesk_receivable_rollups_rebuild();
--> statement-breakpoint
-- A customer's statement reads its ageing from open_invoices: their company's rows only. invoice_counts is staff-only
-- (a customer's list counts their own invoices), so the customer role gets no grant on it.
ALTER TABLE open_invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON open_invoices FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- The role's grants (migration 0035's function, with open_invoices added), so a role made later gets them too.
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
    invoice_lines, payments, open_invoices TO cargodesk_customer;
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
