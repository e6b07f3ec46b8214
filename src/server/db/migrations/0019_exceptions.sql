-- Delay and exception alerts (issue 17, decision record 0230). The rules (src/domain/exceptions.ts) are answered by
-- partial indexes on shipments (the lists: newest due first) and by day counters kept exact by a trigger (the counts:
-- a sum over a few hundred day rows plus today's part from the index, instead of counting hundreds of thousands of
-- index entries at the benchmark's million shipments).
--
-- The arrival's last move: a row trigger notes by how many days and when the estimated arrival changed.
ALTER TABLE shipments ADD COLUMN arrival_shift_days numeric(7,1);
--> statement-breakpoint
ALTER TABLE shipments ADD COLUMN arrival_shifted_at timestamp with time zone;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_note_arrival_shift() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.estimated_arrival IS NOT NULL AND NEW.estimated_arrival IS NOT NULL AND NEW.estimated_arrival <> OLD.estimated_arrival THEN
    NEW.arrival_shift_days := round((extract(epoch FROM NEW.estimated_arrival - OLD.estimated_arrival) / 86400)::numeric, 1);
    NEW.arrival_shifted_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_arrival_shift BEFORE UPDATE OF estimated_arrival ON shipments
FOR EACH ROW EXECUTE FUNCTION cargodesk_note_arrival_shift();
--> statement-breakpoint
-- The thresholds an admin sets (one row).
CREATE TABLE "exception_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"arrival_moved_days" integer DEFAULT 2 NOT NULL CHECK ("arrival_moved_days" BETWEEN 1 AND 60),
	"no_change_days" integer DEFAULT 14 NOT NULL CHECK ("no_change_days" BETWEEN 1 AND 365),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
-- Open shipments per rule, handler and UTC day of the date the rule watches ('departure': estimated departure while
-- not yet in transit; 'arrival': estimated arrival while not delivered; 'no_change': the last change while not
-- delivered). handler_key is the handler, or the zero uuid for every shipment (what an admin counts). Striped by slot
-- like the other rollups (decision 0203): today's row of a handler is written by every change of their shipments.
CREATE TABLE "shipment_due_stats" (
	"kind" text NOT NULL,
	"handler_key" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipment_due_stats_pk" PRIMARY KEY ("kind", "handler_key", "day", "slot")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_due_counts(s shipments, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_due_stats (kind, handler_key, day, slot, n)
    SELECT k.kind, h.key, k.day, cargodesk_stats_slot(), sign
    FROM (VALUES
      ('departure', CASE WHEN s.status IN ('pending', 'pending_approval', 'approved', 'in_progress') THEN (s.estimated_departure AT TIME ZONE 'UTC')::date END),
      ('arrival', CASE WHEN s.status NOT IN ('delivered', 'completed') THEN (s.estimated_arrival AT TIME ZONE 'UTC')::date END),
      ('no_change', CASE WHEN s.status NOT IN ('delivered', 'completed') THEN (s.updated_at AT TIME ZONE 'UTC')::date END)
    ) AS k(kind, day)
    CROSS JOIN (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (s.handler_id)) AS h(key)
    WHERE k.day IS NOT NULL AND h.key IS NOT NULL
  ON CONFLICT (kind, handler_key, day, slot) DO UPDATE SET n = shipment_due_stats.n + excluded.n;
END $$;
--> statement-breakpoint
-- At commit, like the other rollups (decision 0193); an update that moves none of the watched days changes nothing.
CREATE OR REPLACE FUNCTION cargodesk_shipments_due_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'UPDATE'
    AND OLD.status = NEW.status
    AND OLD.handler_id IS NOT DISTINCT FROM NEW.handler_id
    AND (OLD.estimated_departure AT TIME ZONE 'UTC')::date IS NOT DISTINCT FROM (NEW.estimated_departure AT TIME ZONE 'UTC')::date
    AND (OLD.estimated_arrival AT TIME ZONE 'UTC')::date IS NOT DISTINCT FROM (NEW.estimated_arrival AT TIME ZONE 'UTC')::date
    AND (OLD.updated_at AT TIME ZONE 'UTC')::date = (NEW.updated_at AT TIME ZONE 'UTC')::date THEN
    RETURN NULL;
  END IF;
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM cargodesk_due_counts(OLD, -1); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN PERFORM cargodesk_due_counts(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipments_due_counts AFTER INSERT OR UPDATE OR DELETE ON shipments
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION cargodesk_shipments_due_counts();
--> statement-breakpoint
INSERT INTO shipment_due_stats (kind, handler_key, day, slot, n)
  SELECT k.kind, h.key, k.day, 0, count(*)::int
  FROM shipments s
  CROSS JOIN LATERAL (VALUES
    ('departure', CASE WHEN s.status IN ('pending', 'pending_approval', 'approved', 'in_progress') THEN (s.estimated_departure AT TIME ZONE 'UTC')::date END),
    ('arrival', CASE WHEN s.status NOT IN ('delivered', 'completed') THEN (s.estimated_arrival AT TIME ZONE 'UTC')::date END),
    ('no_change', CASE WHEN s.status NOT IN ('delivered', 'completed') THEN (s.updated_at AT TIME ZONE 'UTC')::date END)
  ) AS k(kind, day)
  CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (s.handler_id)) AS h(key)
  WHERE k.day IS NOT NULL AND h.key IS NOT NULL
  GROUP BY k.kind, h.key, k.day;
--> statement-breakpoint
-- The lists, newest due first, for everyone and per handler (the predicates are the ones the service writes).
CREATE INDEX "shipments_departure_due_idx" ON "shipments" USING btree ("estimated_departure", "id")
  WHERE status IN ('pending', 'pending_approval', 'approved', 'in_progress') AND estimated_departure IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "shipments_departure_due_handler_idx" ON "shipments" USING btree ("handler_id", "estimated_departure", "id")
  WHERE status IN ('pending', 'pending_approval', 'approved', 'in_progress') AND estimated_departure IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "shipments_arrival_due_idx" ON "shipments" USING btree ("estimated_arrival", "id")
  WHERE status NOT IN ('delivered', 'completed') AND estimated_arrival IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "shipments_arrival_due_handler_idx" ON "shipments" USING btree ("handler_id", "estimated_arrival", "id")
  WHERE status NOT IN ('delivered', 'completed') AND estimated_arrival IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "shipments_open_updated_idx" ON "shipments" USING btree ("updated_at", "id")
  WHERE status NOT IN ('delivered', 'completed');
--> statement-breakpoint
CREATE INDEX "shipments_open_updated_handler_idx" ON "shipments" USING btree ("handler_id", "updated_at", "id")
  WHERE status NOT IN ('delivered', 'completed');
--> statement-breakpoint
CREATE INDEX "shipments_arrival_shifted_idx" ON "shipments" USING btree ("arrival_shifted_at", "id")
  WHERE arrival_shifted_at IS NOT NULL;
