-- Rate sheets through the import page (issue 40, decision record 0269): an import may be of rate cards, and a card
-- remembers the import that brought it (a failed commit on the embedded database is undone by it; the list can say
-- where a card came from). Staff-only tables, as before. Then two settings of the rates.
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_check";
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK ("kind" IN ('shipments', 'companies', 'rate_cards'));
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD COLUMN "import_id" uuid REFERENCES "imports"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "rate_cards_import_idx" ON "rate_cards" ("import_id") WHERE "import_id" IS NOT NULL;
--> statement-breakpoint
-- Two rate settings (decision record 0269): the higher weight break taken where it costs less (on, as IATA TACT
-- prices), and an indicative price from the sell cards on a customer's request page (off until the forwarder wants it).
ALTER TABLE "billing_settings" ADD COLUMN "rates_next_break" boolean NOT NULL DEFAULT true;
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "rates_indicative_price" boolean NOT NULL DEFAULT false;
