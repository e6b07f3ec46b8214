-- The house bill of lading a carrier and a bank accept (issue 41, decision record 0271). Our own B/L number from a
-- series (the carrier's master B/L stays in customer_reference), the freight terms, the shipped-on-board date, the
-- carriage before and after the ocean leg, the marks and numbers, and the packages of each container. The letterhead
-- adds the registration number, the place of issue, the house B/L series' prefix, how the bill is signed and the
-- terms clause it refers to. Staff-only series table: the customer role gets no grant.
ALTER TABLE "shipments" ADD COLUMN "house_bl_number" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_house_bl_number_key" ON "shipments" ("house_bl_number");
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "freight_terms" text CHECK ("freight_terms" IN ('prepaid', 'collect'));
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "freight_payable_at" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipped_on_board_date" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pre_carriage_by" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_receipt" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "on_carriage_by" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery" text;
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "marks_and_numbers" text;
--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD COLUMN "packages_count" integer CHECK ("packages_count" >= 0);
--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD COLUMN "package_type" text;
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "registration_number" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "place_of_issue" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "bl_prefix" text NOT NULL DEFAULT 'CDK';
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "bl_signed_as" text NOT NULL DEFAULT 'agent' CHECK ("bl_signed_as" IN ('carrier', 'agent'));
--> statement-breakpoint
ALTER TABLE "letterhead" ADD COLUMN "bl_terms" text NOT NULL DEFAULT '';
--> statement-breakpoint
-- The last number given in each series and month ('CDKIST', '2611' -> 123 makes CDKIST2611000123).
CREATE TABLE "paper_series" (
  "prefix" text NOT NULL,
  "period" text NOT NULL,
  "last" integer NOT NULL,
  PRIMARY KEY ("prefix", "period")
);
