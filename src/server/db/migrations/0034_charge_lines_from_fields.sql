-- Charge lines become the one store of a shipment's money (issue 38, decision records 0258 and 0259). Each of the
-- seed's sixteen money fields that holds a value becomes its field line (side, category and code of FIELD_LINES in
-- src/domain/billing/lines.ts; quantity 1 per shipment; unit price = amount = the stored value exactly, never rounded to
-- the currency, so every total stays what it was), the sixteen columns and their currencies leave `shipments`, and the
-- finance rollups follow the lines. Set-based: one INSERT ... SELECT over the shipments, one aggregate for the rollups.

-- Lines may carry a currency's third decimal (KWD, BHD ...): the rollup keeps the lines' own scale, so it stays exact.
ALTER TABLE "finance_stats" ALTER COLUMN "amount" TYPE numeric(20, 4);
--> statement-breakpoint
INSERT INTO "charge_lines" ("shipment_id", "position", "side", "category", "code", "quantity", "unit", "unit_price", "amount", "currency", "field", "created_at", "updated_at")
  SELECT s.id, v.position, v.side, v.category, v.code, 1, 'shipment', v.amount, v.amount,
    coalesce(nullif(upper(v.currency), ''), 'USD'), v.field, s.created_at, s.updated_at
  FROM "shipments" s CROSS JOIN LATERAL (VALUES
    (0, 'service_charge', 'sell', 'service', 'SRV', s.service_charge, s.service_charge_currency),
    (1, 'customs_charge', 'sell', 'customs', 'CUS', s.customs_charge, s.customs_charge_currency),
    (2, 'insurance_charge', 'sell', 'insurance', 'INS', s.insurance_charge, s.insurance_charge_currency),
    (3, 'handling_charge', 'sell', 'handling', 'HDL', s.handling_charge, s.handling_charge_currency),
    (4, 'documentation_charge', 'sell', 'documentation', 'DOC', s.documentation_charge, s.documentation_charge_currency),
    (5, 'storage_charge', 'sell', 'storage', 'STO', s.storage_charge, s.storage_charge_currency),
    (6, 'delivery_charge', 'sell', 'delivery', 'DEL', s.delivery_charge, s.delivery_charge_currency),
    (7, 'other_charges', 'sell', 'other', 'OTH', s.other_charges, s.other_charges_currency),
    (8, 'freight_cost', 'buy', 'freight', 'FRT', s.freight_cost, s.freight_cost_currency),
    (9, 'customs_cost', 'buy', 'customs', 'CUS', s.customs_cost, s.customs_cost_currency),
    (10, 'insurance_cost', 'buy', 'insurance', 'INS', s.insurance_cost, s.insurance_cost_currency),
    (11, 'handling_cost', 'buy', 'handling', 'HDL', s.handling_cost, s.handling_cost_currency),
    (12, 'documentation_cost', 'buy', 'documentation', 'DOC', s.documentation_cost, s.documentation_cost_currency),
    (13, 'storage_cost', 'buy', 'storage', 'STO', s.storage_cost, s.storage_cost_currency),
    (14, 'delivery_cost', 'buy', 'delivery', 'DEL', s.delivery_cost, s.delivery_cost_currency),
    (15, 'other_costs', 'buy', 'other', 'OTH', s.other_costs, s.other_costs_currency)
  ) AS v(position, field, side, category, code, amount, currency)
  WHERE v.amount IS NOT NULL;
--> statement-breakpoint
-- The shipments' counters (migration 0012) without the money: the lines' own trigger keeps finance_stats now.
CREATE OR REPLACE FUNCTION cargodesk_shipment_counts(s shipments, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_slot smallint := cargodesk_stats_slot();
BEGIN
  INSERT INTO shipment_stats (type, status, day, slot, n)
  VALUES (s.type, s.status, (s.created_at AT TIME ZONE 'UTC')::date, v_slot, sign)
  ON CONFLICT (type, status, day, slot) DO UPDATE SET n = shipment_stats.n + excluded.n;

  IF s.type = 'air' THEN
    PERFORM cargodesk_dim_add('air', 'end', s.origin_airport, sign);
    PERFORM cargodesk_dim_add('air', 'end', s.destination_airport, sign);
  ELSIF s.type = 'sea' THEN
    PERFORM cargodesk_dim_add('sea', 'end', s.origin_port, sign);
    PERFORM cargodesk_dim_add('sea', 'end', s.destination_port, sign);
  ELSIF s.type = 'land' THEN
    PERFORM cargodesk_dim_add('land', 'route',
      coalesce(nullif(s.origin_city, ''), 'Unknown') || ' → ' || coalesce(nullif(s.destination_city, ''), 'Unknown'), sign);
    PERFORM cargodesk_dim_add('land', 'truck_type', coalesce(s.truck_type, 'unspecified'), sign);
  ELSIF s.type = 'partial' THEN
    PERFORM cargodesk_dim_add('partial', 'transport_mode', coalesce(s.transport_mode, 'unknown'), sign);
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "shipments"
  DROP COLUMN "service_charge", DROP COLUMN "service_charge_currency",
  DROP COLUMN "customs_charge", DROP COLUMN "customs_charge_currency",
  DROP COLUMN "insurance_charge", DROP COLUMN "insurance_charge_currency",
  DROP COLUMN "handling_charge", DROP COLUMN "handling_charge_currency",
  DROP COLUMN "documentation_charge", DROP COLUMN "documentation_charge_currency",
  DROP COLUMN "storage_charge", DROP COLUMN "storage_charge_currency",
  DROP COLUMN "delivery_charge", DROP COLUMN "delivery_charge_currency",
  DROP COLUMN "other_charges", DROP COLUMN "other_charges_currency",
  DROP COLUMN "freight_cost", DROP COLUMN "freight_cost_currency",
  DROP COLUMN "customs_cost", DROP COLUMN "customs_cost_currency",
  DROP COLUMN "insurance_cost", DROP COLUMN "insurance_cost_currency",
  DROP COLUMN "handling_cost", DROP COLUMN "handling_cost_currency",
  DROP COLUMN "documentation_cost", DROP COLUMN "documentation_cost_currency",
  DROP COLUMN "storage_cost", DROP COLUMN "storage_cost_currency",
  DROP COLUMN "delivery_cost", DROP COLUMN "delivery_cost_currency",
  DROP COLUMN "other_costs", DROP COLUMN "other_costs_currency";
--> statement-breakpoint
-- The dashboard's revenue categories of today (migration 0003): a charge of Service or Freight counts as 'Freight', the
-- documentation, storage, delivery and other charges as 'Other'; every cost is 'cost'.
CREATE OR REPLACE FUNCTION cargodesk_finance_category(p_side text, p_category text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_side = 'buy' THEN 'cost'
    WHEN p_category IN ('service', 'freight') THEN 'Freight'
    WHEN p_category = 'customs' THEN 'Customs'
    WHEN p_category = 'insurance' THEN 'Insurance'
    WHEN p_category = 'handling' THEN 'Handling'
    ELSE 'Other'
  END $$;
--> statement-breakpoint
-- A shipment's line adds to (sign 1) or takes from (sign -1) its currency and category; a quote's lines are no revenue.
CREATE OR REPLACE FUNCTION cargodesk_charge_line_finance(l charge_lines, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF l.shipment_id IS NULL OR l.amount = 0 THEN RETURN; END IF;
  INSERT INTO finance_stats (currency, category, slot, amount)
  VALUES (l.currency, cargodesk_finance_category(l.side, l.category), cargodesk_stats_slot(), sign * l.amount)
  ON CONFLICT (currency, category, slot) DO UPDATE SET amount = finance_stats.amount + excluded.amount;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_charge_lines_finance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM cargodesk_charge_line_finance(OLD, -1); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN PERFORM cargodesk_charge_line_finance(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, like the shipments' counters (decision records 0193 and 0203): the hot rows are locked only then.
CREATE CONSTRAINT TRIGGER charge_lines_finance AFTER INSERT OR UPDATE OR DELETE ON charge_lines
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION cargodesk_charge_lines_finance();
--> statement-breakpoint
-- The rollups again from the lines (the same sums as before, now with the lines' currencies and categories).
DELETE FROM "finance_stats";
--> statement-breakpoint
INSERT INTO finance_stats (currency, category, amount)
  SELECT currency, cargodesk_finance_category(side, category), sum(amount)
  FROM charge_lines WHERE shipment_id IS NOT NULL AND amount <> 0
  GROUP BY 1, 2;
