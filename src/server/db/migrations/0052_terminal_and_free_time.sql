-- Issue 41 (decision record 0272): the booking confirmation's cut-offs and depots, the arrival notice's terminal,
-- free time and release conditions, the CMR's ADR entry (packing group, tunnel restriction code), each container's
-- own free time, and a checklist template row that applies only where it fits.
ALTER TABLE "shipments" ADD COLUMN "documents_cutoff" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "vgm_cutoff" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "port_cutoff" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "empty_pickup_depot" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "full_return_depot" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pickup_terminal" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "free_time_days" integer CHECK ("free_time_days" BETWEEN 0 AND 365);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "release_conditions" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packing_group" text CHECK ("packing_group" IN ('I', 'II', 'III'));
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tunnel_code" text;
--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD COLUMN "free_days" integer CHECK ("free_days" BETWEEN 0 AND 365);
--> statement-breakpoint
ALTER TABLE "checklist_template_items" ADD COLUMN "applies_when" text NOT NULL DEFAULT 'always'
  CHECK ("applies_when" IN ('always', 'dangerous_goods', 'temperature_controlled'));
--> statement-breakpoint
ALTER TABLE "shipment_checklist_items" ADD COLUMN "applies_when" text NOT NULL DEFAULT 'always'
  CHECK ("applies_when" IN ('always', 'dangerous_goods', 'temperature_controlled'));
--> statement-breakpoint
-- The shipped templates' dangerous goods declaration fits only a shipment with dangerous goods, where it is required;
-- a sea export with dangerous goods asks for the multimodal dangerous goods form as well. Rows already on shipments
-- keep their state and learn their condition, so the next edit of the goods follows it.
UPDATE "checklist_template_items" SET "applies_when" = 'dangerous_goods', "required" = true
WHERE "name" = 'Dangerous Goods Declaration' AND "applies_when" = 'always';
--> statement-breakpoint
UPDATE "shipment_checklist_items" SET "applies_when" = 'dangerous_goods' WHERE "name" = 'Dangerous Goods Declaration';
--> statement-breakpoint
INSERT INTO "checklist_template_items" ("shipment_type", "loading_type", "position", "name", "provider", "required", "anchor", "offset_days", "applies_when")
SELECT 'sea', 'export', coalesce(max("position"), 0) + 1, 'Dangerous Goods Declaration (IMDG)', 'customer', true, 'departure', -5, 'dangerous_goods'
FROM "checklist_template_items" WHERE "shipment_type" = 'sea' AND "loading_type" = 'export'
HAVING NOT bool_or(lower("name") = lower('Dangerous Goods Declaration (IMDG)')) OR count(*) = 0;
