-- The CMR consignment note's boxes (issue 41, decision record 0271): the sender's instructions (box 13), cash on
-- delivery (box 15), special agreements (box 19), and the trailer's plate beside the truck's (box 23).
ALTER TABLE "shipments" ADD COLUMN "sender_instructions" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cash_on_delivery" numeric(14, 2) CHECK ("cash_on_delivery" >= 0);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cash_on_delivery_currency" text NOT NULL DEFAULT 'USD';
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "special_agreements" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "trailer_plate_number" text;
