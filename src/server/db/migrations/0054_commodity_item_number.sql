-- Issue 41 (decision record 0273): the specific commodity rate's item number (IATA, four digits) of an air shipment,
-- printed in the air waybill's rating with rate class C.
ALTER TABLE "shipments" ADD COLUMN "commodity_item_number" text CHECK ("commodity_item_number" ~ '^[0-9]{4}$');
