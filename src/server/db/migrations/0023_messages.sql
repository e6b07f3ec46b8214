-- A conversation on every shipment and request (issue 15, decision record 0235). A thread is made with its first
-- message; staff may write internal notes in it that no customer reads: row-level security keeps a customer to their
-- company's threads and to the messages and attachments that are not internal (as migration 0008). Files attached
-- to requests and messages become readable by the company's customers only through these tables.
CREATE TABLE "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid REFERENCES "shipments"("id") ON DELETE cascade,
	"request_id" uuid REFERENCES "requests"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	-- The shipment's or request's handler, kept by the triggers below: whose unread count the thread is in.
	"handler_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- The last message a customer may read (null while there are only internal notes).
	"last_public_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_one_subject" CHECK (num_nonnulls("shipment_id", "request_id") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "threads_shipment_unique" ON "threads" USING btree ("shipment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "threads_request_unique" ON "threads" USING btree ("request_id");
--> statement-breakpoint
CREATE INDEX "threads_company_public_idx" ON "threads" USING btree ("company_id", "last_public_at" DESC) WHERE last_public_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "threads_handler_last_idx" ON "threads" USING btree ("handler_id", "last_message_at" DESC);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL REFERENCES "threads"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"author_id" uuid REFERENCES "users"("id") ON DELETE set null,
	-- Kept with the message: the name stays readable after the account is gone, and a customer never reads users.
	"author_name" text NOT NULL,
	"author_is_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "messages_internal_by_staff" CHECK (NOT "internal" OR "author_is_staff")
);
--> statement-breakpoint
CREATE INDEX "messages_thread_created_idx" ON "messages" USING btree ("thread_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"message_id" uuid NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
	"document_name" text NOT NULL REFERENCES "files"("name") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"internal" boolean NOT NULL,
	-- The file's name, size and type as recorded (they never change): a thread reads its files without joining
	-- files, whose customer policy costs more to plan than the whole thread costs to read.
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_pk" PRIMARY KEY("message_id","document_name")
);
--> statement-breakpoint
CREATE INDEX "message_attachments_document_idx" ON "message_attachments" USING btree ("document_name");
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"thread_id" uuid NOT NULL REFERENCES "threads"("id") ON DELETE cascade,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_reads_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE INDEX "thread_reads_thread_idx" ON "thread_reads" USING btree ("thread_id");
--> statement-breakpoint
CREATE TABLE "request_attachments" (
	"request_id" uuid NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"document_name" text NOT NULL REFERENCES "files"("name") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"added_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_attachments_pk" PRIMARY KEY("request_id","document_name")
);
--> statement-breakpoint
CREATE INDEX "request_attachments_document_idx" ON "request_attachments" USING btree ("document_name");
--> statement-breakpoint
-- Mails that gather (a thread's messages to one person within five minutes): the pending mail of a group is found by
-- its key and rewritten while it waits, so the group goes out as one mail (decision record 0235).
ALTER TABLE "outbox" ADD COLUMN "group_key" text;
--> statement-breakpoint
CREATE INDEX "outbox_group_pending_idx" ON "outbox" USING btree ("group_key") WHERE status = 'pending' AND group_key IS NOT NULL;
--> statement-breakpoint
-- A thread follows its shipment's or request's handler.
CREATE OR REPLACE FUNCTION cargodesk_thread_handler() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'shipments' THEN
    UPDATE threads SET handler_id = NEW.handler_id WHERE shipment_id = NEW.id;
  ELSE
    UPDATE threads SET handler_id = NEW.handler_id WHERE request_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_thread_handler AFTER UPDATE OF handler_id ON shipments
  FOR EACH ROW WHEN (OLD.handler_id IS DISTINCT FROM NEW.handler_id) EXECUTE FUNCTION cargodesk_thread_handler();
--> statement-breakpoint
CREATE TRIGGER requests_thread_handler AFTER UPDATE OF handler_id ON requests
  FOR EACH ROW WHEN (OLD.handler_id IS DISTINCT FROM NEW.handler_id) EXECUTE FUNCTION cargodesk_thread_handler();
--> statement-breakpoint
ALTER TABLE threads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON threads FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- An internal note is staff-only: no customer read returns it, whatever its query.
CREATE POLICY customer_scope ON messages FOR SELECT USING (company_id = cargodesk_scope_company() AND NOT internal);
--> statement-breakpoint
ALTER TABLE message_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON message_attachments FOR SELECT USING (company_id = cargodesk_scope_company() AND NOT internal);
--> statement-breakpoint
ALTER TABLE thread_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON thread_reads FOR SELECT
  USING (EXISTS (SELECT 1 FROM threads t WHERE t.id = thread_reads.thread_id AND t.company_id = cargodesk_scope_company()));
--> statement-breakpoint
ALTER TABLE request_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_scope ON request_attachments FOR SELECT USING (company_id = cargodesk_scope_company());
--> statement-breakpoint
-- A customer reads a file assigned to their company's shipment (migration 0008), attached to their company's request,
-- or attached to a message of their company's that is not an internal note.
DROP POLICY customer_scope ON files;
--> statement-breakpoint
CREATE POLICY customer_scope ON files FOR SELECT
  USING (
    EXISTS (
      SELECT 1 FROM document_assignments a JOIN shipments s ON s.id = a.shipment_id
      WHERE a.document_name = files.name AND s.company_id = cargodesk_scope_company())
    OR EXISTS (SELECT 1 FROM request_attachments ra WHERE ra.document_name = files.name AND ra.company_id = cargodesk_scope_company())
    OR EXISTS (
      SELECT 1 FROM message_attachments ma
      WHERE ma.document_name = files.name AND ma.company_id = cargodesk_scope_company() AND NOT ma.internal));
--> statement-breakpoint
-- The role's grants (migration 0021's function, with the conversation tables added).
CREATE OR REPLACE FUNCTION cargodesk_customer_role_setup() RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cargodesk_customer') THEN
    BEGIN
      CREATE ROLE cargodesk_customer NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'cargodesk: cannot create role cargodesk_customer; customer row security stays off until an operator creates it (decision record 0020)';
        RETURN 'role missing';
    END;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN
      EXECUTE format('GRANT cargodesk_customer TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
      RAISE WARNING 'cargodesk: cannot grant cargodesk_customer to %; an operator must (decision record 0020)', current_user;
    END;
  END IF;
  GRANT SELECT ON companies, customers, shipments, shipment_containers, shipment_events, document_assignments, files,
    carriers, service_providers, consolidation_agents, airports, seaports, share_links, requests, request_quotes,
    request_events, threads, messages, message_attachments, thread_reads, request_attachments TO cargodesk_customer;
  -- A quote line's cost is staff-only: the customer role may not read that column at all.
  GRANT SELECT (request_id, position, company_id, category, description, amount, currency) ON quote_lines TO cargodesk_customer;
  GRANT SELECT (id, full_name, email, role) ON users TO cargodesk_customer;
  RETURN 'ready';
END $$;
--> statement-breakpoint
SELECT cargodesk_customer_role_setup();
