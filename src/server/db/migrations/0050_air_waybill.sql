-- The house air waybill's IATA boxes (issue 41, decision record 0271): the shipper's and consignee's account numbers,
-- a declared value for carriage (NVD unless entered; in the cargo value's currency), and the issuing agent's IATA
-- code and account on the letterhead.
ALTER TABLE "shipments" ADD COLUMN "shipper_account_number" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "consignee_account_number" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "declared_value_carriage" numeric(14, 2) CHECK ("declared_value_carriage" >= 0);
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "iata_agent_code" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "iata_account" text NOT NULL DEFAULT '';
