-- The finance rollups' trigger on charge lines (migration 0034) ran for every update, also for one that changes no
-- money: marking lines billed (invoice_id) when a draft takes them, or giving them back when it is deleted. Each such
-- row queued a deferred event that took and added the same amount at commit. It now fires only when a column the
-- rollups read changes (found building the bench data set: billing 2.5 million lines queued as many events).
DROP TRIGGER charge_lines_finance ON charge_lines;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER charge_lines_finance AFTER INSERT OR DELETE OR UPDATE OF shipment_id, side, category, amount, currency ON charge_lines
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION cargodesk_charge_lines_finance();
