-- A shipment moved to another company (issue 37, decision record 0251): everything kept beside the shipment with a
-- company id of its own follows it in the same statement, whichever path moves it (the edit form, an import's update),
-- so the row-level policies keyed on those ids show it to the new company and nothing of it to the old one:
-- its thread, messages and their attachments, and its carrier events move; the old company's share links end
-- (revoked, kept for staff with the company they were made for); what was still waiting to reach the old company
-- about it is dropped: digest lines and grouped message mails to its contacts, and webhook deliveries to its hooks.
-- Documents, the checklist, containers and history have no company id: their policies follow the shipment already.
CREATE OR REPLACE FUNCTION cargodesk_shipment_company_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_emails text[];
BEGIN
  UPDATE threads SET company_id = NEW.company_id WHERE shipment_id = NEW.id;
  UPDATE messages SET company_id = NEW.company_id
    WHERE thread_id IN (SELECT t.id FROM threads t WHERE t.shipment_id = NEW.id);
  UPDATE message_attachments SET company_id = NEW.company_id
    WHERE message_id IN (SELECT m.id FROM messages m JOIN threads t ON t.id = m.thread_id WHERE t.shipment_id = NEW.id);
  UPDATE carrier_events SET company_id = NEW.company_id WHERE shipment_id = NEW.id;
  UPDATE share_links SET revoked_at = now() WHERE shipment_id = NEW.id AND company_id = OLD.company_id AND revoked_at IS NULL;
  SELECT coalesce(array_agg(DISTINCT lower(btrim(cu.email))), '{}') INTO old_emails
    FROM customers cu WHERE cu.company_id = OLD.company_id AND btrim(coalesce(cu.email, '')) <> '';
  DELETE FROM notification_digest_items
    WHERE shipment_id = NEW.id AND digest_id IS NULL AND lower(email) = ANY (old_emails);
  DELETE FROM outbox o USING threads t
    WHERE t.shipment_id = NEW.id AND o.status = 'pending'
      AND o.group_key IN (SELECT 'thread:' || t.id || ':' || e FROM unnest(old_emails) e);
  UPDATE webhook_deliveries SET state = 'cancelled'
    WHERE company_id = OLD.company_id AND state = 'pending'
      AND (payload::jsonb #>> '{data,shipment,id}' = NEW.id::text
        OR (payload::jsonb #>> '{data,subject,kind}' = 'shipment' AND payload::jsonb #>> '{data,subject,id}' = NEW.id::text));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_company_moved AFTER UPDATE OF company_id ON shipments
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION cargodesk_shipment_company_moved();
