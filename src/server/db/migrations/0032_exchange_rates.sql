-- Exchange rates (issue 38, decision record 0257): by source (the ECB's reference rates, or a rate an administrator
-- enters), publication day and currency; 1 EUR = rate units of the currency. An unscaled numeric keeps the rate as
-- published (0.87980 keeps its zero). Staff read them; customers never query this table.
CREATE TABLE "exchange_rates" (
  "source" text NOT NULL CHECK ("source" IN ('ECB', 'MANUAL')),
  "rate_date" date NOT NULL,
  "currency" text NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$' AND "currency" <> 'EUR'),
  "rate" numeric NOT NULL CHECK ("rate" > 0),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "exchange_rates_pk" PRIMARY KEY ("source", "currency", "rate_date")
);
--> statement-breakpoint
CREATE INDEX "exchange_rates_day_idx" ON "exchange_rates" ("rate_date");
