-- Shipment search keeps its folded text in stored generated columns (issue 20, decision record 0213). On 1M shipments a
-- trigram search rechecks every candidate row; folding each one there (cargodesk_fold over unaccent) made the list
-- search 60% slower in SQL than the ILIKE it replaced. Folded once on write, the recheck is a plain LIKE on stored text.
-- Not declared in the Drizzle schema: no query selects them, and rows read with select() stay as they were.
ALTER TABLE shipments
  ADD COLUMN reference_folded text GENERATED ALWAYS AS (cargodesk_fold(reference_number)) STORED,
  ADD COLUMN cargo_description_folded text GENERATED ALWAYS AS (cargodesk_fold(cargo_description)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "shipments_reference_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "shipments_cargo_description_trgm";
--> statement-breakpoint
CREATE INDEX "shipments_reference_trgm" ON "shipments" USING gin ("reference_folded" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "shipments_cargo_description_trgm" ON "shipments" USING gin ("cargo_description_folded" gin_trgm_ops);
--> statement-breakpoint
ANALYZE shipments;
