CREATE INDEX "files_original_name_idx" ON "files" USING btree ("original_name","name");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("size","name");