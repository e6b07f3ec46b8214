-- The books (issue 39, decision record 0263): the accounting settings (one row), each export kept with its file in
-- storage, and the marks that keep a document from going out twice in one format. Staff-only tables: the customer
-- role gets no grant on them.
CREATE TABLE "accounting_settings" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "datev_chart" text NOT NULL DEFAULT 'SKR03' CHECK ("datev_chart" IN ('SKR03', 'SKR04')),
  "datev_consultant_number" integer NOT NULL DEFAULT 1001 CHECK ("datev_consultant_number" BETWEEN 1001 AND 9999999),
  "datev_client_number" integer NOT NULL DEFAULT 1 CHECK ("datev_client_number" BETWEEN 1 AND 99999),
  "fiscal_year_start_month" smallint NOT NULL DEFAULT 1 CHECK ("fiscal_year_start_month" BETWEEN 1 AND 12),
  "account_length" smallint NOT NULL DEFAULT 4 CHECK ("account_length" BETWEEN 4 AND 8),
  "debtor_account" text NOT NULL DEFAULT '10000' CHECK ("debtor_account" ~ '^[0-9]{1,9}$'),
  "bank_account" text NOT NULL DEFAULT '1200' CHECK ("bank_account" ~ '^[0-9]{1,9}$'),
  "revenue_accounts" jsonb NOT NULL DEFAULT '{"S 19": "8400", "S 7": "8300", "Z": "8200", "E": "8100", "AE": "8336", "K": "8125", "G": "8120", "O": "8338"}',
  "xero_account_code" text NOT NULL DEFAULT '200',
  "xero_tax_types" jsonb NOT NULL DEFAULT '{}',
  "quickbooks_item" text NOT NULL DEFAULT 'Services',
  "quickbooks_tax_codes" jsonb NOT NULL DEFAULT '{}',
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
INSERT INTO "accounting_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "accounting_exports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "format" text NOT NULL CHECK ("format" IN ('datev', 'xero', 'quickbooks')),
  "period_from" date NOT NULL,
  "period_to" date NOT NULL,
  "again" boolean NOT NULL DEFAULT false,
  "invoices" integer NOT NULL CHECK ("invoices" >= 0),
  "credit_notes" integer NOT NULL CHECK ("credit_notes" >= 0),
  "payments" integer NOT NULL CHECK ("payments" >= 0),
  "skipped" integer NOT NULL DEFAULT 0 CHECK ("skipped" >= 0),
  "file_key" text NOT NULL UNIQUE,
  "file_name" text NOT NULL,
  "bytes" bigint NOT NULL CHECK ("bytes" >= 0),
  "sha256" text NOT NULL CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "accounting_exports_period_check" CHECK ("period_to" >= "period_from")
);
--> statement-breakpoint
CREATE INDEX "accounting_exports_created_idx" ON "accounting_exports" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "accounting_export_marks" (
  "format" text NOT NULL CHECK ("format" IN ('datev', 'xero', 'quickbooks')),
  "document_type" text NOT NULL CHECK ("document_type" IN ('invoice', 'payment')),
  "document_id" uuid NOT NULL,
  "export_id" uuid NOT NULL REFERENCES "accounting_exports"("id") ON DELETE CASCADE,
  CONSTRAINT "accounting_export_marks_pk" PRIMARY KEY ("format", "document_type", "document_id")
);
--> statement-breakpoint
CREATE INDEX "accounting_export_marks_export_idx" ON "accounting_export_marks" ("export_id");
