-- Issue 44: who reads a mail (src/server/mail/audience.ts readerOf) finds a contact by lower(btrim(email)), which the
-- unique index on lower(email) cannot answer: every mail to a contact read the whole customers table (25 ms a mail on
-- PGlite with 30,000 contacts; an hourly reminder run of 200 invoices spent 15 s there). Emails may carry spaces from
-- before the forms trimmed them, so the lookup keeps its btrim and gets an index of its own.
CREATE INDEX IF NOT EXISTS "customers_email_trimmed_idx" ON "customers" USING btree (lower(btrim("email")));--> statement-breakpoint
-- Staff are found by lower(email) in the same lookup; the unique constraint is on the address as stored.
CREATE INDEX IF NOT EXISTS "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
-- An expression index has no statistics until the table is analysed (the embedded database never autovacuums): without
-- them the planner guessed 150 contacts an address and scanned every company to join them.
ANALYZE "customers";--> statement-breakpoint
ANALYZE "users";
