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
