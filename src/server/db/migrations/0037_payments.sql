-- Payments, statements, ageing and overdue reminders (issue 38, decision record 0258). The ageing report and a
-- company's statement are one set-based aggregate: issued invoices LEFT JOIN their payments and their issued credit
-- notes, each summed per invoice up to the day asked. These indexes let each side be read from its index alone.

-- Issued invoices by company and currency, with what the ageing reads (due day, payable) in the index.
CREATE INDEX "invoices_receivable_idx" ON "invoices" ("company_id", "currency", "issue_date") INCLUDE ("due_date", "payable")
  WHERE "status" = 'issued' AND "kind" = 'invoice';
--> statement-breakpoint
-- Issued credit notes by the invoice they correct and their day, with their amount.
CREATE INDEX "invoices_credit_notes_idx" ON "invoices" ("credited_invoice_id", "issue_date") INCLUDE ("payable")
  WHERE "status" = 'issued' AND "kind" = 'credit_note';
--> statement-breakpoint
-- Payments applied to an invoice by their day, with their amount.
CREATE INDEX "payments_invoice_day_idx" ON "payments" ("invoice_id", "received_on") INCLUDE ("amount") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
-- The reminders mailed for an overdue invoice: one row per invoice and reminder day (1st, 7th, 30th day overdue),
-- written in the transaction that queues the mails, so a day's reminder is never sent twice.
CREATE TABLE "invoice_reminders" (
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE,
  "overdue_day" integer NOT NULL CHECK ("overdue_day" > 0),
  "sent_on" date NOT NULL,
  "recipients" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "invoice_reminders_pk" PRIMARY KEY ("invoice_id", "overdue_day")
);
