-- One search for every number (issue 21, decision record 0223). A shipment is found by any of its numbers typed with
-- or without spaces and dashes, in any case: each number is stored compacted (letters and digits only, upper case)
-- in one generated column, a container number of the container table in its own, and the place names (vessel,
-- cities, ports, airports) folded like every other search (cargodesk_fold, migration 0014). Trigram indexes serve
-- LIKE '%...%' on all three; the list query unions the matches (shipment-lists/service.ts).
-- Not declared in the Drizzle schema: no insert names them and no select() reads them.
CREATE OR REPLACE FUNCTION cargodesk_compact(v text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT upper(regexp_replace(v, '[^A-Za-z0-9]', '', 'g')) $$;
--> statement-breakpoint
ALTER TABLE shipments
  ADD COLUMN numbers_compact text GENERATED ALWAYS AS (
    coalesce(cargodesk_compact(reference_number), '') || ' ' || coalesce(cargodesk_compact(customer_reference), '') || ' ' ||
    coalesce(cargodesk_compact(container_number), '') || ' ' || coalesce(cargodesk_compact(mawb_number), '') || ' ' ||
    coalesce(cargodesk_compact(hawb_number), '') || ' ' || coalesce(cargodesk_compact(voyage_number), '') || ' ' ||
    coalesce(cargodesk_compact(flight_number), '') || ' ' || coalesce(cargodesk_compact(tracking_number), '') || ' ' ||
    coalesce(cargodesk_compact(customs_declaration_number), '') || ' ' || coalesce(cargodesk_compact(truck_plate_number), '') || ' ' ||
    coalesce(cargodesk_compact(seal_number), '') || ' ' || coalesce(cargodesk_compact(imo_number), '')
  ) STORED,
  ADD COLUMN places_folded text GENERATED ALWAYS AS (
    cargodesk_fold(
      coalesce(vessel_name, '') || ' ' || coalesce(origin_city, '') || ' ' || coalesce(destination_city, '') || ' ' ||
      coalesce(origin_port, '') || ' ' || coalesce(destination_port, '') || ' ' ||
      coalesce(origin_airport, '') || ' ' || coalesce(destination_airport, '')
    )
  ) STORED;
--> statement-breakpoint
ALTER TABLE shipment_containers ADD COLUMN number_compact text GENERATED ALWAYS AS (cargodesk_compact(number)) STORED;
--> statement-breakpoint
CREATE INDEX "shipments_numbers_trgm" ON "shipments" USING gin ("numbers_compact" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "shipments_places_trgm" ON "shipments" USING gin ("places_folded" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "shipment_containers_number_trgm" ON "shipment_containers" USING gin ("number_compact" gin_trgm_ops);
--> statement-breakpoint
ANALYZE shipments;
--> statement-breakpoint
ANALYZE shipment_containers;
