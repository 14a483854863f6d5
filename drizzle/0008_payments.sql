CREATE TYPE "public"."batch_row_outcome" AS ENUM('paid', 'pending', 'failed', 'not-found', 'invalid', 'error');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_arrival" AS ENUM('notification', 'status-check', 'batch', 'manual', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."payment_channel" AS ENUM('remita', 'card', 'pos', 'bank', 'manual');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'failed', 'reversed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('direct-assessment', 'presumptive-tax', 'stamp-duty', 'tcc', 'demand-notice', 'paye', 'other');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rrr_check_rows" (
	"job_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"rrr" text NOT NULL,
	"mda_code" text,
	"mda_id" uuid,
	"outcome" "batch_row_outcome",
	"status_code" text,
	"message" text,
	"payer_name" text,
	"amount_kobo" bigint,
	"transaction_date" text,
	"checked_at" timestamp with time zone,
	CONSTRAINT "rrr_check_rows_job_id_line_number_pk" PRIMARY KEY("job_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text,
	"rrr" text,
	"amount_kobo" bigint NOT NULL,
	"mda_id" uuid NOT NULL,
	"revenue_head_code" text,
	"btin" text,
	"payer_name" text,
	"payer_phone" text,
	"payer_email" text,
	"channel" "payment_channel" NOT NULL,
	"status" "payment_status" NOT NULL,
	"type" "payment_type",
	"assessment_id" text,
	"description" text,
	"order_id" text,
	"source_reference" text,
	"arrival" "payment_arrival" NOT NULL,
	"paid_at" timestamp with time zone,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_kobo" > 0),
	CONSTRAINT "payments_paid_has_receipt" CHECK ("payments"."status" not in ('paid', 'reversed') or ("payments"."receipt_number" is not null and "payments"."paid_at" is not null)),
	CONSTRAINT "payments_rrr_format" CHECK ("payments"."rrr" is null or "payments"."rrr" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rrr_check_rows" ADD CONSTRAINT "rrr_check_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rrr_check_rows" ADD CONSTRAINT "rrr_check_rows_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_btin_taxpayers_btin_fk" FOREIGN KEY ("btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_changed_by_officers_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_status_created_at_idx" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_rrr_key" ON "payments" USING btree ("rrr");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payments_mda_created_at_idx" ON "payments" USING btree ("mda_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_btin_idx" ON "payments" USING btree ("btin");--> statement-breakpoint
CREATE INDEX "payments_assessment_idx" ON "payments" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "payments_source_reference_idx" ON "payments" USING btree ("source_reference");--> statement-breakpoint
CREATE INDEX "payments_payer_name_trgm_idx" ON "payments" USING gin ("payer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_unmatched_idx" ON "payments" USING btree ("created_at") WHERE "payments"."btin" is null and "payments"."status" = 'paid';--> statement-breakpoint
-- The ledger is never deleted from (ADR 0010): a reversal or a cancellation is a new status.
CREATE FUNCTION payments_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments are never deleted: % refused; reverse or cancel instead', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_never_deleted
  BEFORE DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER payments_no_truncate
  BEFORE TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payments_refuse_delete();
