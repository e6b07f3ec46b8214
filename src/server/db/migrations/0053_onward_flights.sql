-- Issue 41 (decision record 0273): an air shipment's onward flights after the first, for the air waybill's routing
-- boxes (to / by, at most three carriers in all): [{ "airport", "carrier", "flight_number", "departure_date" }].
ALTER TABLE "shipments" ADD COLUMN "onward_flights" jsonb DEFAULT '[]'::jsonb NOT NULL
  CHECK (jsonb_typeof("onward_flights") = 'array' AND jsonb_array_length("onward_flights") <= 2);
