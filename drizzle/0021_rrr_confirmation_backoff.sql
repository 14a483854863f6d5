ALTER TABLE "payments" ADD COLUMN "rrr_confirm_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rrr_confirm_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rrr_confirm_error" text;