CREATE INDEX "officers_name_idx" ON "officers" USING btree ("surname","first_name","id");--> statement-breakpoint
CREATE INDEX "officers_created_at_idx" ON "officers" USING btree ("created_at","id");