-- One search for every number takes the carrier booking reference too (issue 37, decision record 0251): the stored
-- search column of migration 0017 is redefined with it (a generated column cannot be altered in place), and its
-- trigram index made again.
ALTER TABLE shipments DROP COLUMN numbers_compact;
--> statement-breakpoint
ALTER TABLE shipments
  ADD COLUMN numbers_compact text GENERATED ALWAYS AS (
    coalesce(cargodesk_compact(reference_number), '') || ' ' || coalesce(cargodesk_compact(customer_reference), '') || ' ' ||
    coalesce(cargodesk_compact(container_number), '') || ' ' || coalesce(cargodesk_compact(mawb_number), '') || ' ' ||
    coalesce(cargodesk_compact(hawb_number), '') || ' ' || coalesce(cargodesk_compact(voyage_number), '') || ' ' ||
    coalesce(cargodesk_compact(flight_number), '') || ' ' || coalesce(cargodesk_compact(tracking_number), '') || ' ' ||
    coalesce(cargodesk_compact(customs_declaration_number), '') || ' ' || coalesce(cargodesk_compact(truck_plate_number), '') || ' ' ||
    coalesce(cargodesk_compact(seal_number), '') || ' ' || coalesce(cargodesk_compact(imo_number), '') || ' ' ||
    coalesce(cargodesk_compact(carrier_booking_reference), '')
  ) STORED;
--> statement-breakpoint
CREATE INDEX "shipments_numbers_trgm" ON "shipments" USING gin ("numbers_compact" gin_trgm_ops);
--> statement-breakpoint
ANALYZE shipments;
