DROP INDEX "shipments_created_idx";--> statement-breakpoint
DROP INDEX "shipments_status_created_idx";--> statement-breakpoint
DROP INDEX "shipments_type_created_idx";--> statement-breakpoint
DROP INDEX "shipments_company_created_idx";--> statement-breakpoint
DROP INDEX "shipments_handler_created_idx";--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shipments_status_created_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shipments_type_created_idx" ON "shipments" USING btree ("type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shipments_company_created_idx" ON "shipments" USING btree ("company_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shipments_handler_created_idx" ON "shipments" USING btree ("handler_id","created_at" DESC NULLS FIRST,"id");