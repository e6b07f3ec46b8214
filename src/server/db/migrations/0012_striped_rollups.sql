-- Striped rollup counters (decision record 0203). Every create adds to the same few counter rows (today's row of
-- its type and status, the USD 'Freight' finance row, the busiest airports), and a row lock taken at commit is
-- held until the commit record is flushed: concurrent creates waited for each other's disk flush one by one
-- (pg_stat_activity under S5: almost every session in Lock:transactionid at COMMIT). Each counter key now has up
-- to 16 rows, one per slot; a connection writes the slot of its backend process id, so concurrent connections
-- rarely meet. Readers sum the slots (they already summed shipment_stats).
ALTER TABLE shipment_stats ADD COLUMN slot smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE shipment_stats DROP CONSTRAINT shipment_stats_type_status_day_pk;
--> statement-breakpoint
ALTER TABLE shipment_stats ADD CONSTRAINT shipment_stats_pk PRIMARY KEY (type, status, day, slot);
--> statement-breakpoint
ALTER TABLE shipment_dim_stats ADD COLUMN slot smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE shipment_dim_stats DROP CONSTRAINT shipment_dim_stats_type_dim_value_pk;
--> statement-breakpoint
ALTER TABLE shipment_dim_stats ADD CONSTRAINT shipment_dim_stats_pk PRIMARY KEY (type, dim, value, slot);
--> statement-breakpoint
ALTER TABLE finance_stats ADD COLUMN slot smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE finance_stats DROP CONSTRAINT finance_stats_currency_category_pk;
--> statement-breakpoint
ALTER TABLE finance_stats ADD CONSTRAINT finance_stats_pk PRIMARY KEY (currency, category, slot);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_stats_slot() RETURNS smallint
LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_dim_add(p_type text, p_dim text, p_value text, p_n integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_value IS NULL OR p_value = '' OR p_n = 0 THEN RETURN; END IF;
  INSERT INTO shipment_dim_stats (type, dim, value, slot, n) VALUES (p_type, p_dim, p_value, cargodesk_stats_slot(), p_n)
  ON CONFLICT (type, dim, value, slot) DO UPDATE SET n = shipment_dim_stats.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_shipment_apply(s shipments, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF s.type = 'sea' THEN
    INSERT INTO shipment_dim_stats (type, dim, value, slot, n)
      SELECT 'sea', 'container_type', c.type, cargodesk_stats_slot(), sign * count(*)::int
      FROM shipment_containers c WHERE c.shipment_id = s.id GROUP BY c.type
    ON CONFLICT (type, dim, value, slot) DO UPDATE SET n = shipment_dim_stats.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
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

  INSERT INTO finance_stats (currency, category, slot, amount)
    SELECT v.currency, v.category, v_slot, sign * sum(v.amount)
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
  ON CONFLICT (currency, category, slot) DO UPDATE SET amount = finance_stats.amount + excluded.amount;
END $$;
