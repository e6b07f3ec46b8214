-- Cargo data the trade can trust (issue 14, decision records 0210-0212).
-- Dimension lines and the computed volumetric and chargeable weight; the parties of the papers (a snapshot of the
-- directory company's name and address, or a free name and address); incoterm place and version; HS code;
-- dangerous goods' UN number and hazard class; carriers' IATA prefix and designator, SCAC and own volumetric divisor.
ALTER TABLE shipments ADD COLUMN pieces jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN weight_volumetric numeric(14, 3);
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN volumetric_factor numeric(12, 4);
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN hs_code text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN un_number text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN hazard_class text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN incoterm_place text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN incoterm_version text NOT NULL DEFAULT '2020';
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN shipper_company_id uuid REFERENCES companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN shipper_name text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN shipper_address text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN consignee_company_id uuid REFERENCES companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN consignee_name text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN consignee_address text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN notify_company_id uuid REFERENCES companies(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN notify_name text;
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN notify_address text;
--> statement-breakpoint
ALTER TABLE carriers ADD COLUMN iata_prefix text;
--> statement-breakpoint
ALTER TABLE carriers ADD COLUMN iata_code text;
--> statement-breakpoint
ALTER TABLE carriers ADD COLUMN scac text;
--> statement-breakpoint
ALTER TABLE carriers ADD COLUMN volumetric_divisor integer;
--> statement-breakpoint
-- The SQL twins of the domain's checks (src/domain/trade-numbers.ts), for data that is already stored: the staff
-- list filter "Failed data checks" and its partial indexes. A test runs both on the same inputs (decision 0212).
-- An empty or missing number passes (nothing to check).
-- ISO 6346: upper case without spaces or dashes; 3 letters, category U, J or Z, 7 digits; letter values A=10 upwards
-- skipping multiples of 11; weights 2^position; sum mod 11 mod 10 is the check digit.
CREATE OR REPLACE FUNCTION cargodesk_container_number_ok(n text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := upper(regexp_replace(coalesce(n, ''), '[[:space:]-]', '', 'g'));
  total integer := 0;
  v integer;
  ch text;
BEGIN
  IF n IS NULL OR btrim(n) = '' THEN RETURN true; END IF;
  IF s !~ '^[A-Z]{3}[UJZ][0-9]{7}$' THEN RETURN false; END IF;
  FOR i IN 1..10 LOOP
    ch := substr(s, i, 1);
    IF i <= 4 THEN
      v := strpos('A_BCDEFGHIJK_LMNOPQRSTU_VWXYZ', ch) + 9;
    ELSE
      v := ch::integer;
    END IF;
    total := total + v * (1 << (i - 1));
  END LOOP;
  RETURN (total % 11) % 10 = substr(s, 11, 1)::integer;
END $$;
--> statement-breakpoint
-- IATA air waybill: 11 digits (spaces and dashes ignored); the last is the 7-digit serial modulo 7.
CREATE OR REPLACE FUNCTION cargodesk_mawb_ok(n text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := regexp_replace(coalesce(n, ''), '[[:space:]-]', '', 'g');
BEGIN
  IF n IS NULL OR btrim(n) = '' THEN RETURN true; END IF;
  IF s !~ '^[0-9]{11}$' THEN RETURN false; END IF;
  RETURN substr(s, 4, 7)::integer % 7 = substr(s, 11, 1)::integer;
END $$;
--> statement-breakpoint
-- Partial indexes: only failing rows are indexed (none, in data entered since the checks), so the filter reads few rows.
CREATE INDEX shipments_failed_checks_idx ON shipments (created_at DESC, id)
  WHERE NOT cargodesk_mawb_ok(mawb_number) OR NOT cargodesk_container_number_ok(container_number);
--> statement-breakpoint
CREATE INDEX shipment_containers_failed_checks_idx ON shipment_containers (shipment_id)
  WHERE NOT cargodesk_container_number_ok(number);
