-- Rate sheets through the import page (issue 40, decision record 0269): an import may be of rate cards, and a card
-- remembers the import that brought it (a failed commit on the embedded database is undone by it; the list can say
-- where a card came from). Staff-only tables, as before.
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_check";
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK ("kind" IN ('shipments', 'companies', 'rate_cards'));
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD COLUMN "import_id" uuid REFERENCES "imports"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "rate_cards_import_idx" ON "rate_cards" ("import_id") WHERE "import_id" IS NOT NULL;
