CREATE TYPE "public"."demand_notice_status" AS ENUM('issued', 'part_paid', 'paid', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."payment_subject_kind" ADD VALUE 'demand_notice';--> statement-breakpoint
CREATE SEQUENCE "public"."demand_notice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "demand_notice_lines" (
	"demand_notice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"revenue_head_code" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "demand_notice_lines_quantity_positive" CHECK ("demand_notice_lines"."quantity" > 0),
	CONSTRAINT "demand_notice_lines_amount" CHECK ("demand_notice_lines"."amount_kobo" = "demand_notice_lines"."quantity" * "demand_notice_lines"."unit_amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "demand_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"public_code" text DEFAULT revdesk_public_code() NOT NULL,
	"mda_id" uuid NOT NULL,
	"btin" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_phone" text,
	"status" "demand_notice_status" DEFAULT 'issued' NOT NULL,
	"total_kobo" bigint NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"revenue_head_code" text NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_notices_total_positive" CHECK ("demand_notices"."total_kobo" > 0),
	CONSTRAINT "demand_notices_paid_nonnegative" CHECK ("demand_notices"."paid_kobo" >= 0),
	CONSTRAINT "demand_notices_cancel_reason" CHECK (("demand_notices"."status" = 'cancelled') = ("demand_notices"."cancel_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "demand_notice_lines" ADD CONSTRAINT "demand_notice_lines_demand_notice_id_demand_notices_id_fk" FOREIGN KEY ("demand_notice_id") REFERENCES "public"."demand_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_notices" ADD CONSTRAINT "demand_notices_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_notices" ADD CONSTRAINT "demand_notices_btin_taxpayers_btin_fk" FOREIGN KEY ("btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_notices" ADD CONSTRAINT "demand_notices_cancelled_by_officers_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_notices" ADD CONSTRAINT "demand_notices_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demand_notice_lines_key" ON "demand_notice_lines" USING btree ("demand_notice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "demand_notices_number_key" ON "demand_notices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "demand_notices_public_code_key" ON "demand_notices" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "demand_notices_mda_issued_idx" ON "demand_notices" USING btree ("mda_id","issued_on");--> statement-breakpoint
CREATE INDEX "demand_notices_btin_idx" ON "demand_notices" USING btree ("btin");