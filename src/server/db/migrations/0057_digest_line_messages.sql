-- Issue 42: a digest line in its reader's language. Besides its English title and detail (what an English reader's
-- digest shows, as before), a line keeps the English messages it was written from and the values that fill them,
-- { "title": "{reference}", "detail": "{item_label} rejected: {reason}", "values": { ... } }, so the digest writes it
-- again in each reader's language. Lines from before have none and are shown as stored.
ALTER TABLE "notification_digest_items" ADD COLUMN "line_message" jsonb;
