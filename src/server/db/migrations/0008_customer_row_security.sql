-- Row-level security for customers, as defence in depth (issue 8, decision record 0020). The services keep their
-- company filters; these policies make a forgotten `where` in a customer's query return only that customer's rows.
--
-- A customer's reads run in a transaction that switches to the NOLOGIN role cargodesk_customer and sets the company
-- (src/server/db/customer-scope.ts: set_config('role', ...) and set_config('app.company_id', ...), both local to the
-- transaction). The policies are written for every role that does not bypass row security, keyed by
-- app.company_id: with the setting missing or empty, such a role sees no row at all. The application's own role
-- (a superuser in development, the tables' owner on a managed server) bypasses row security, so staff paths,
-- migrations, triggers, the outbox worker and Better Auth read and write as before. FORCE is not used: it would put
-- the owner under the policies too, and the owner's staff queries set no company.
--
-- cargodesk_customer is created here when the migration may create roles. On a managed server where it may not,
-- the migration still succeeds (policies and RLS are in place) and the app logs at start that the customer scope is
-- off; an operator then runs, once:  CREATE ROLE cargodesk_customer NOLOGIN; GRANT cargodesk_customer TO <app user>;
-- and, as the app user:  SELECT cargodesk_customer_role_setup();  (README, Production deployment).

-- The company of the customer scope: null when the setting is missing or empty (then no row matches).
CREATE OR REPLACE FUNCTION cargodesk_scope_company() RETURNS uuid
LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;
--> statement-breakpoint
-- Creates the role when it is missing and allowed, lets the app's role switch to it, and grants it what a customer's
-- requests read: no writes, nothing of auth, audit, outbox or the finance rollups, and only the public columns of users.
CREATE OR REPLACE FUNCTION cargodesk_customer_role_setup() RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cargodesk_customer') THEN
    BEGIN
      CREATE ROLE cargodesk_customer NOLOGIN;
    EXCEPTION
      -- Roles belong to the server: another database's migration may have created it meanwhile.
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
    carriers, service_providers, consolidation_agents, airports, seaports TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON companies FOR SELECT USING (id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON customers FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE shipments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON shipments FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE shipment_containers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON shipment_containers FOR SELECT
  USING (shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
ALTER TABLE shipment_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON shipment_events FOR SELECT
  USING (shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
ALTER TABLE document_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON document_assignments FOR SELECT
  USING (shipment_id IN (SELECT s.id FROM shipments s WHERE s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON files FOR SELECT
  USING (EXISTS (
    SELECT 1 FROM document_assignments a JOIN shipments s ON s.id = a.shipment_id
    WHERE a.document_name = files.name AND s.company_id = cargodesk_scope_company()));
--> statement-breakpoint
-- Staff (handler and editor names) and the accounts of the company's own contacts; no other customer's account.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON users FOR SELECT
  USING (role <> 'customer' OR email IN (
    SELECT lower(c.email) FROM customers c WHERE c.company_id = cargodesk_scope_company()));
