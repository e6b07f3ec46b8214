-- Issue 45: the customers' answers to quotes (accepted, declined with a reason, a revision asked for), counted on the
-- staff dashboards over the last week without reading every request event.
CREATE INDEX IF NOT EXISTS "request_events_answers_idx" ON "request_events" USING btree ("created_at")
  WHERE "kind" IN ('accepted', 'quote_declined', 'revision_requested');
