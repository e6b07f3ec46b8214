-- Rollup counters at commit (decision record 0193). The counters of migration 0003 (shipment_stats, the
-- dimension counts, finance_stats) are a few hot rows: today's row of a type and status, one row per currency
-- and category. Updated by an immediate row trigger, every shipment write locked them from its INSERT until
-- its COMMIT, so concurrent creates queued behind each other for the whole rest of the transaction (events,
-- outbox rows, round trips to the app). A deferred constraint trigger applies the same deltas (from the same
-- OLD and NEW row images) at commit, still inside the transaction, so the rollups stay exact and the locks
-- last only for the commit itself. Containers keep the immediate trigger: their counts depend on the
-- shipment's type at the moment a container row changes.

CREATE OR REPLACE FUNCTION cargodesk_shipment_counts(s shipments, sign integer) RETURNS void
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
-- What stays immediate: a sea shipment's containers move in and out of the container-type counts with its type.
CREATE OR REPLACE FUNCTION cargodesk_shipment_apply(s shipments, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF s.type = 'sea' THEN
    INSERT INTO shipment_dim_stats (type, dim, value, n)
      SELECT 'sea', 'container_type', c.type, sign * count(*)::int FROM shipment_containers c WHERE c.shipment_id = s.id GROUP BY c.type
    ON CONFLICT (type, dim, value) DO UPDATE SET n = shipment_dim_stats.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_shipments_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM cargodesk_shipment_counts(OLD, -1); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN PERFORM cargodesk_shipment_counts(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipments_counts AFTER INSERT OR UPDATE OR DELETE ON shipments
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION cargodesk_shipments_counts();
