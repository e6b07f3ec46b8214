-- Rate cards (issue 40, decision record 0268): buy tariffs from a carrier, sell tariffs public or for one customer
-- company, by mode and lane (IATA airport codes for air, UN/LOCODEs for sea and land), with validity days (both
-- included) and a priority among overlapping cards. The freight (basis, minimum, weight breaks) and the surcharges are
-- JSON checked by the app (src/domain/rates/schema.ts); amounts in them are decimal strings. Staff-only: the customer
-- role gets no grant on this table.

CREATE TABLE "rate_cards" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "side" text NOT NULL CHECK ("side" IN ('buy', 'sell')),
  "mode" text NOT NULL CHECK ("mode" IN ('air', 'sea_fcl', 'sea_lcl', 'land')),
  "origin" text NOT NULL CHECK ("origin" ~ '^[A-Z0-9]{3,5}$'),
  "destination" text NOT NULL CHECK ("destination" ~ '^[A-Z0-9]{3,5}$'),
  "equipment" text CHECK (("mode" = 'sea_fcl') = ("equipment" IS NOT NULL)),
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  "valid_from" date NOT NULL,
  "valid_to" date NOT NULL,
  "priority" integer NOT NULL DEFAULT 0 CHECK ("priority" BETWEEN 0 AND 100),
  "carrier_id" uuid REFERENCES "carriers"("id") ON DELETE RESTRICT,
  "company_id" uuid REFERENCES "companies"("id") ON DELETE CASCADE,
  "freight" jsonb NOT NULL,
  "surcharges" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rate_cards_days" CHECK ("valid_to" >= "valid_from"),
  CONSTRAINT "rate_cards_buy_has_no_company" CHECK ("side" = 'sell' OR "company_id" IS NULL),
  CONSTRAINT "rate_cards_sell_has_no_carrier" CHECK ("side" = 'buy' OR "carrier_id" IS NULL)
);
--> statement-breakpoint
-- A lookup reads one lane's cards of a mode that are still valid on its day.
CREATE INDEX "rate_cards_lane_idx" ON "rate_cards" ("mode", "origin", "destination", "valid_to");
--> statement-breakpoint
-- The list, newest first.
CREATE INDEX "rate_cards_list_idx" ON "rate_cards" ("created_at" DESC, "id" DESC);
