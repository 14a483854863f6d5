CREATE INDEX "assessments_due_date_idx" ON "assessments" USING btree ("due_date") WHERE "assessments"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "assessments_status_updated_idx" ON "assessments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "demand_notices_status_updated_idx" ON "demand_notices" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "stamp_instruments_billed_idx" ON "stamp_instruments" USING btree ("billed_at") WHERE "stamp_instruments"."billed_at" is not null;--> statement-breakpoint
CREATE INDEX "stamp_instruments_status_updated_idx" ON "stamp_instruments" USING btree ("status","updated_at");