-- Bulk import (issue 18, decision record 0245): an uploaded file with its check and its result, and the rows it
-- will write, checked and ready (the commit writes them in one transaction). Staff only: the customer role has no
-- grant on either table.
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('shipments', 'companies')),
	"mode" text NOT NULL CHECK ("mode" IN ('skip', 'update')),
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"file" bytea NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('validating', 'ready', 'invalid', 'committing', 'committed', 'failed')),
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at" DESC);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL REFERENCES "imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"action" text NOT NULL CHECK ("action" IN ('create', 'update', 'skip')),
	"key" text NOT NULL,
	"target_id" uuid,
	"base_updated_at" timestamp with time zone,
	"payload" jsonb NOT NULL,
	CONSTRAINT "import_rows_pk" PRIMARY KEY ("import_id", "row_no")
);
