-- A deleted sea shipment took its containers out of the container-type counts only by chance (found by
-- rollups.api.test.ts on PostgreSQL). Its row trigger (migration 0003) ran AFTER the delete, and so after the foreign
-- key's cascade had already removed the containers: it counted none, and each container's own trigger found no sea
-- shipment left to count against. The containers now leave the counts BEFORE the shipment row goes, while they and
-- the shipment's type are still there; the cascade's container deletions then find no shipment and change nothing.
CREATE OR REPLACE FUNCTION cargodesk_shipments_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    PERFORM cargodesk_shipment_apply(OLD, -1);
    RETURN OLD;
  END IF;
  IF tg_op = 'UPDATE' THEN PERFORM cargodesk_shipment_apply(OLD, -1); END IF;
  PERFORM cargodesk_shipment_apply(NEW, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER shipments_stats ON shipments;
--> statement-breakpoint
CREATE TRIGGER shipments_stats AFTER INSERT OR UPDATE ON shipments
FOR EACH ROW EXECUTE FUNCTION cargodesk_shipments_stats();
--> statement-breakpoint
CREATE TRIGGER shipments_stats_delete BEFORE DELETE ON shipments
FOR EACH ROW EXECUTE FUNCTION cargodesk_shipments_stats();
--> statement-breakpoint
-- Counts a database already holds with this drift: recounted from the containers.
DELETE FROM shipment_dim_stats WHERE type = 'sea' AND dim = 'container_type';
--> statement-breakpoint
INSERT INTO shipment_dim_stats (type, dim, value, slot, n)
  SELECT 'sea', 'container_type', c.type, 0, count(*)::int
  FROM shipment_containers c JOIN shipments s ON s.id = c.shipment_id
  WHERE s.type = 'sea'
  GROUP BY c.type;
