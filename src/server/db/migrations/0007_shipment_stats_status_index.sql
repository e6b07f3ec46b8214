-- The exact count of a list filtered by status alone (S1 of the benchmark) sums the status's rows of the
-- shipment_stats rollup; its primary key starts with type, so that sum read the whole table (24k rows after
-- two years of data, growing by ~30 rows a day). This index answers it with an index-only scan.
CREATE INDEX "shipment_stats_status_idx" ON "shipment_stats" USING btree ("status") INCLUDE ("n");
