-- Exact rollups of shipments for the analytics pages and the admin dashboard (decision record 0006).
-- Every insert, update and delete of a shipment (and of a container) adjusts them in the same transaction.

CREATE OR REPLACE FUNCTION cargodesk_dim_add(p_type text, p_dim text, p_value text, p_n integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_value IS NULL OR p_value = '' OR p_n = 0 THEN RETURN; END IF;
  INSERT INTO shipment_dim_stats (type, dim, value, n) VALUES (p_type, p_dim, p_value, p_n)
  ON CONFLICT (type, dim, value) DO UPDATE SET n = shipment_dim_stats.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_shipment_apply(s shipments, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_stats (type, status, day, n)
  VALUES (s.type, s.status, (s.created_at AT TIME ZONE 'UTC')::date, sign)
  ON CONFLICT (type, status, day) DO UPDATE SET n = shipment_stats.n + excluded.n;

  IF s.type = 'air' THEN
    PERFORM cargodesk_dim_add('air', 'end', s.origin_airport, sign);
    PERFORM cargodesk_dim_add('air', 'end', s.destination_airport, sign);
  ELSIF s.type = 'sea' THEN
    PERFORM cargodesk_dim_add('sea', 'end', s.origin_port, sign);
    PERFORM cargodesk_dim_add('sea', 'end', s.destination_port, sign);
    INSERT INTO shipment_dim_stats (type, dim, value, n)
      SELECT 'sea', 'container_type', c.type, sign * count(*)::int FROM shipment_containers c WHERE c.shipment_id = s.id GROUP BY c.type
    ON CONFLICT (type, dim, value) DO UPDATE SET n = shipment_dim_stats.n + excluded.n;
  ELSIF s.type = 'land' THEN
    PERFORM cargodesk_dim_add('land', 'route',
      coalesce(nullif(s.origin_city, ''), 'Unknown') || ' → ' || coalesce(nullif(s.destination_city, ''), 'Unknown'), sign);
    PERFORM cargodesk_dim_add('land', 'truck_type', coalesce(s.truck_type, 'unspecified'), sign);
  ELSIF s.type = 'partial' THEN
    PERFORM cargodesk_dim_add('partial', 'transport_mode', coalesce(s.transport_mode, 'unknown'), sign);
  END IF;

  INSERT INTO finance_stats (currency, category, amount)
    SELECT v.currency, v.category, sign * sum(v.amount)
    FROM (VALUES
      ('Freight', s.service_charge_currency, s.service_charge),
      ('Customs', s.customs_charge_currency, s.customs_charge),
      ('Insurance', s.insurance_charge_currency, s.insurance_charge),
      ('Handling', s.handling_charge_currency, s.handling_charge),
      ('Other', s.documentation_charge_currency, s.documentation_charge),
      ('Other', s.storage_charge_currency, s.storage_charge),
      ('Other', s.delivery_charge_currency, s.delivery_charge),
      ('Other', s.other_charges_currency, s.other_charges),
      ('cost', s.freight_cost_currency, s.freight_cost),
      ('cost', s.customs_cost_currency, s.customs_cost),
      ('cost', s.insurance_cost_currency, s.insurance_cost),
      ('cost', s.handling_cost_currency, s.handling_cost),
      ('cost', s.documentation_cost_currency, s.documentation_cost),
      ('cost', s.storage_cost_currency, s.storage_cost),
      ('cost', s.delivery_cost_currency, s.delivery_cost),
      ('cost', s.other_costs_currency, s.other_costs)
    ) AS v(category, currency, amount)
    WHERE v.amount IS NOT NULL AND v.amount <> 0
    GROUP BY v.currency, v.category
  ON CONFLICT (currency, category) DO UPDATE SET amount = finance_stats.amount + excluded.amount;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_shipments_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM cargodesk_shipment_apply(OLD, -1); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN PERFORM cargodesk_shipment_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_stats AFTER INSERT OR UPDATE OR DELETE ON shipments
FOR EACH ROW EXECUTE FUNCTION cargodesk_shipments_stats();
--> statement-breakpoint
-- A container counts while its shipment is a sea shipment; the shipment trigger moves its containers
-- in and out when the shipment's type changes.
CREATE OR REPLACE FUNCTION cargodesk_containers_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM shipments WHERE id = OLD.shipment_id AND type = 'sea') THEN
    PERFORM cargodesk_dim_add('sea', 'container_type', OLD.type, -1);
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') AND EXISTS (SELECT 1 FROM shipments WHERE id = NEW.shipment_id AND type = 'sea') THEN
    PERFORM cargodesk_dim_add('sea', 'container_type', NEW.type, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipment_containers_stats AFTER INSERT OR UPDATE OR DELETE ON shipment_containers
FOR EACH ROW EXECUTE FUNCTION cargodesk_containers_stats();
--> statement-breakpoint
-- Backfill from existing rows (a database migrated from before the rollups).
INSERT INTO shipment_stats (type, status, day, n)
  SELECT type, status, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM shipments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO shipment_dim_stats (type, dim, value, n)
  SELECT type, dim, value, count(*)::int FROM (
    SELECT 'air' AS type, 'end' AS dim, origin_airport AS value FROM shipments WHERE type = 'air'
    UNION ALL SELECT 'air', 'end', destination_airport FROM shipments WHERE type = 'air'
    UNION ALL SELECT 'sea', 'end', origin_port FROM shipments WHERE type = 'sea'
    UNION ALL SELECT 'sea', 'end', destination_port FROM shipments WHERE type = 'sea'
    UNION ALL SELECT 'land', 'route', coalesce(nullif(origin_city, ''), 'Unknown') || ' → ' || coalesce(nullif(destination_city, ''), 'Unknown') FROM shipments WHERE type = 'land'
    UNION ALL SELECT 'land', 'truck_type', coalesce(truck_type, 'unspecified') FROM shipments WHERE type = 'land'
    UNION ALL SELECT 'partial', 'transport_mode', coalesce(transport_mode, 'unknown') FROM shipments WHERE type = 'partial'
    UNION ALL SELECT 'sea', 'container_type', c.type FROM shipment_containers c JOIN shipments s ON s.id = c.shipment_id WHERE s.type = 'sea'
  ) d WHERE value IS NOT NULL AND value <> '' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO finance_stats (currency, category, amount)
  SELECT v.currency, v.category, sum(v.amount)
  FROM shipments s CROSS JOIN LATERAL (VALUES
      ('Freight', s.service_charge_currency, s.service_charge),
      ('Customs', s.customs_charge_currency, s.customs_charge),
      ('Insurance', s.insurance_charge_currency, s.insurance_charge),
      ('Handling', s.handling_charge_currency, s.handling_charge),
      ('Other', s.documentation_charge_currency, s.documentation_charge),
      ('Other', s.storage_charge_currency, s.storage_charge),
      ('Other', s.delivery_charge_currency, s.delivery_charge),
      ('Other', s.other_charges_currency, s.other_charges),
      ('cost', s.freight_cost_currency, s.freight_cost),
      ('cost', s.customs_cost_currency, s.customs_cost),
      ('cost', s.insurance_cost_currency, s.insurance_cost),
      ('cost', s.handling_cost_currency, s.handling_cost),
      ('cost', s.documentation_cost_currency, s.documentation_cost),
      ('cost', s.storage_cost_currency, s.storage_cost),
      ('cost', s.delivery_cost_currency, s.delivery_cost),
      ('cost', s.other_costs_currency, s.other_costs)
  ) AS v(category, currency, amount)
  WHERE v.amount IS NOT NULL AND v.amount <> 0
  GROUP BY 1, 2;
