DROP INDEX "tccs_holder_name_idx";--> statement-breakpoint
DROP INDEX "tccs_created_by_idx";--> statement-breakpoint
CREATE INDEX "tccs_kind_created_idx" ON "tccs" USING btree ("kind","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "tccs_holder_name_trgm_idx" ON "tccs" USING gin ("holder_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tccs_created_by_idx" ON "tccs" USING btree ("created_by","kind","created_at" desc,"id" desc);