-- Rate zones (issue 40, decision record 0269): a named group of airports or of UN/LOCODEs that a rate card's origin
-- or destination may name instead of one place ("@DE-SOUTH"). A lookup for a place prices the cards of the place and
-- of every zone holding it. Staff-only, as rate_cards: the customer role gets no grant.
CREATE TABLE "rate_zones" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "code" text NOT NULL UNIQUE CHECK ("code" ~ '^@[A-Z0-9][A-Z0-9-]{1,19}$'),
  "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 100),
  "kind" text NOT NULL CHECK ("kind" IN ('airports', 'locodes')),
  "members" text[] NOT NULL CHECK (cardinality("members") BETWEEN 1 AND 200),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "rate_zones_members_idx" ON "rate_zones" USING gin ("members");
--> statement-breakpoint
ALTER TABLE "rate_cards" DROP CONSTRAINT "rate_cards_origin_check";
--> statement-breakpoint
ALTER TABLE "rate_cards" DROP CONSTRAINT "rate_cards_destination_check";
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_origin_check" CHECK ("origin" ~ '^([A-Z0-9]{3,5}|@[A-Z0-9][A-Z0-9-]{1,19})$');
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_destination_check" CHECK ("destination" ~ '^([A-Z0-9]{3,5}|@[A-Z0-9][A-Z0-9-]{1,19})$');
