-- Notification choices, daily digests and one-click unsubscribe (issue 17, decision record 0231). Keyed by the
-- address mailed (trimmed, lower case): contacts without an account have choices too (an admin sets them, or the
-- unsubscribe link in a mail), and a customer's account and its contact share the address.
CREATE TABLE "notification_preferences" (
	"email" text NOT NULL,
	"event" text NOT NULL,
	"mode" text NOT NULL CHECK ("mode" IN ('instant', 'daily', 'off')),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("email", "event")
);
--> statement-breakpoint
CREATE TABLE "notification_profiles" (
	"email" text PRIMARY KEY NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL CHECK ("digest_hour" BETWEEN 0 AND 23),
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per person and local day a digest ran: the unique key makes it once, across instances and restarts.
CREATE TABLE "notification_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"local_day" date NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_once" UNIQUE ("email", "local_day")
);
--> statement-breakpoint
-- What the next digest of a person lists; digest_id is set when a digest takes it.
CREATE TABLE "notification_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"event" text NOT NULL,
	"shipment_id" uuid REFERENCES "shipments"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_id" uuid REFERENCES "notification_digests"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "notification_digest_items_pending_idx" ON "notification_digest_items" USING btree ("email", "created_at") WHERE digest_id IS NULL;
