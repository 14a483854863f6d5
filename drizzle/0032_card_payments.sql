CREATE TYPE "public"."card_attempt_status" AS ENUM('pending', 'approved', 'declined', 'unknown', 'failed');--> statement-breakpoint
CREATE TABLE "card_payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"rrr" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" "card_attempt_status" DEFAULT 'pending' NOT NULL,
	"gateway_reference" text,
	"decline_code" text,
	"decline_reason" text,
	"note" text,
	"officer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_attempts" ADD CONSTRAINT "card_payment_attempts_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_attempts_reference_key" ON "card_payment_attempts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_attempts_open_key" ON "card_payment_attempts" USING btree ("payment_id") WHERE "card_payment_attempts"."status" in ('pending', 'unknown');--> statement-breakpoint
CREATE INDEX "card_payment_attempts_payment_idx" ON "card_payment_attempts" USING btree ("payment_id","created_at");