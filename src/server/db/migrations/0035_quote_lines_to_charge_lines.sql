-- A quote's money as charge lines (issue 38, decision record 0258): each quote line becomes a sell line of its
-- request (its category mapped to the nine charge categories, the field's charge code, quantity 1 per shipment, unit
-- price = amount = the stored value), and its staff-only cost, when set, a buy line of the same category and
-- currency after the sell lines. Totals per currency stay equal. Then quote_lines goes, and the customer role's
-- grants no longer name it (the charge_lines policy of 0033 shows a customer the sell lines of their sent quotes).
INSERT INTO "charge_lines" ("request_id", "position", "side", "category", "code", "description", "quantity", "unit", "unit_price", "amount", "currency", "created_at", "created_by", "updated_at")
SELECT ql."request_id",
  CASE WHEN s."side" = 'sell' THEN ql."position" ELSE n."lines" + ql."position" END,
  s."side", coalesce(m."category", 'other'), coalesce(m."code", 'OTH'), ql."description", 1, 'shipment',
  CASE WHEN s."side" = 'sell' THEN ql."amount" ELSE ql."cost" END,
  CASE WHEN s."side" = 'sell' THEN ql."amount" ELSE ql."cost" END,
  ql."currency", q."updated_at", q."updated_by", q."updated_at"
FROM "quote_lines" ql
JOIN "request_quotes" q ON q."request_id" = ql."request_id"
JOIN (SELECT "request_id", count(*)::int AS "lines" FROM "quote_lines" GROUP BY "request_id") n ON n."request_id" = ql."request_id"
LEFT JOIN (VALUES
  ('service_charge', 'service', 'SRV'), ('customs_charge', 'customs', 'CUS'), ('insurance_charge', 'insurance', 'INS'),
  ('handling_charge', 'handling', 'HDL'), ('documentation_charge', 'documentation', 'DOC'), ('storage_charge', 'storage', 'STO'),
  ('delivery_charge', 'delivery', 'DEL'), ('other_charges', 'other', 'OTH')
) AS m("field", "category", "code") ON m."field" = ql."category"
CROSS JOIN (VALUES ('sell'), ('buy')) AS s("side")
WHERE s."side" = 'sell' OR ql."cost" IS NOT NULL;
--> statement-breakpoint
DROP TABLE "quote_lines";
--> statement-breakpoint
-- The role's grants (0033's function without quote_lines), so a role made later gets them too.
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
