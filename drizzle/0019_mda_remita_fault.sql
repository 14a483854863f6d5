ALTER TABLE "mdas" ADD COLUMN "remita_fault_code" text;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "remita_fault_message" text;--> statement-breakpoint
ALTER TABLE "mdas" ADD COLUMN "remita_fault_at" timestamp with time zone;