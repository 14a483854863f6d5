CREATE TYPE "public"."assessment_kind" AS ENUM('direct', 'presumptive');--> statement-breakpoint
CREATE TYPE "public"."assessment_source" AS ENUM('assessed', 'backlog');--> statement-breakpoint
CREATE TYPE "public"."assessment_status" AS ENUM('draft', 'issued', 'part_paid', 'paid', 'objected', 'revised', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."objection_status" AS ENUM('open', 'upheld', 'partly_upheld', 'refused');--> statement-breakpoint
CREATE TYPE "public"."trade_category_rule" AS ENUM('fixed_by_size', 'percent_of_turnover');--> statement-breakpoint
CREATE TYPE "public"."trader_size" AS ENUM('small', 'medium', 'large');--> statement-breakpoint
CREATE TABLE "assessment_notice_counters" (
	"year" smallint NOT NULL,
	"kind" "assessment_kind" NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "assessment_notice_counters_year_kind_pk" PRIMARY KEY("year","kind")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_number" text,
	"kind" "assessment_kind" NOT NULL,
	"source" "assessment_source" NOT NULL,
	"status" "assessment_status" NOT NULL,
	"btin" text NOT NULL,
	"tax_year" smallint NOT NULL,
	"input" jsonb NOT NULL,
	"computation" jsonb NOT NULL,
	"law" text NOT NULL,
	"evidence_note" text,
	"gross_income_kobo" bigint NOT NULL,
	"chargeable_income_kobo" bigint NOT NULL,
	"tax_kobo" bigint NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"trade_category_id" uuid,
	"trader_size" "trader_size",
	"estimated_turnover_kobo" bigint,
	"lga_id" integer,
	"trade_location" text,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"due_date" date,
	"revision_of" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"penalty_waived_at" timestamp with time zone,
	"penalty_waived_by" uuid,
	"penalty_waiver_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_tax_year" CHECK ("assessments"."tax_year" between 2000 and 2100),
	CONSTRAINT "assessments_amounts_not_negative" CHECK ("assessments"."gross_income_kobo" >= 0 and "assessments"."chargeable_income_kobo" >= 0 and "assessments"."tax_kobo" >= 0 and "assessments"."paid_kobo" >= 0),
	CONSTRAINT "assessments_issued_has_notice" CHECK ("assessments"."status" in ('draft', 'cancelled') or "assessments"."source" = 'backlog' or ("assessments"."notice_number" is not null and "assessments"."issued_at" is not null and "assessments"."due_date" is not null)),
	CONSTRAINT "assessments_presumptive_has_category" CHECK ("assessments"."kind" <> 'presumptive' or "assessments"."source" = 'backlog' or "assessments"."trade_category_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"status" "objection_status" DEFAULT 'open' NOT NULL,
	"grounds" text NOT NULL,
	"disputed_kobo" bigint NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late_reason" text,
	"answer_due_date" date NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reasons" text,
	"revised_assessment_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objections_disputed_not_negative" CHECK ("objections"."disputed_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"key" text NOT NULL,
	"effective_from" date NOT NULL,
	"value" jsonb NOT NULL,
	"note" text NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_key_effective_from_pk" PRIMARY KEY("key","effective_from")
);
--> statement-breakpoint
CREATE TABLE "trade_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rule" "trade_category_rule" NOT NULL,
	"small_kobo" bigint,
	"medium_kobo" bigint,
	"large_kobo" bigint,
	"turnover_threshold_kobo" bigint,
	"rate_basis_points" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_categories_rule_amounts" CHECK (("trade_categories"."rule" = 'fixed_by_size' and "trade_categories"."small_kobo" is not null and "trade_categories"."medium_kobo" is not null and "trade_categories"."large_kobo" is not null)
        or ("trade_categories"."rule" = 'percent_of_turnover' and "trade_categories"."turnover_threshold_kobo" is not null and "trade_categories"."rate_basis_points" is not null)),
	CONSTRAINT "trade_categories_amounts_not_negative" CHECK (coalesce("trade_categories"."small_kobo", 0) >= 0 and coalesce("trade_categories"."medium_kobo", 0) >= 0 and coalesce("trade_categories"."large_kobo", 0) >= 0
        and coalesce("trade_categories"."turnover_threshold_kobo", 0) >= 0 and coalesce("trade_categories"."rate_basis_points", 0) between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_btin_taxpayers_btin_fk" FOREIGN KEY ("btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_trade_category_id_trade_categories_id_fk" FOREIGN KEY ("trade_category_id") REFERENCES "public"."trade_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_lga_id_lgas_id_fk" FOREIGN KEY ("lga_id") REFERENCES "public"."lgas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_issued_by_officers_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_cancelled_by_officers_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_penalty_waived_by_officers_id_fk" FOREIGN KEY ("penalty_waived_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_decided_by_officers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_revised_assessment_id_assessments_id_fk" FOREIGN KEY ("revised_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_set_by_officers_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_notice_number_key" ON "assessments" USING btree ("notice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_standing_key" ON "assessments" USING btree ("btin","tax_year","kind") WHERE "assessments"."status" in ('issued', 'part_paid', 'paid', 'objected');--> statement-breakpoint
CREATE INDEX "assessments_btin_idx" ON "assessments" USING btree ("btin","tax_year");--> statement-breakpoint
CREATE INDEX "assessments_kind_created_idx" ON "assessments" USING btree ("kind","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "assessments_status_idx" ON "assessments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "assessments_year_idx" ON "assessments" USING btree ("tax_year");--> statement-breakpoint
CREATE INDEX "assessments_created_by_idx" ON "assessments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "assessments_issued_at_idx" ON "assessments" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "assessments_revision_of_idx" ON "assessments" USING btree ("revision_of");--> statement-breakpoint
CREATE UNIQUE INDEX "objections_one_open_key" ON "objections" USING btree ("assessment_id") WHERE "objections"."status" = 'open';--> statement-breakpoint
CREATE INDEX "objections_assessment_idx" ON "objections" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "objections_open_due_idx" ON "objections" USING btree ("answer_due_date") WHERE "objections"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_categories_name_key" ON "trade_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_manual_receipt_key" ON "payments" USING btree ("mda_id","source_reference") WHERE "payments"."channel" = 'manual';--> statement-breakpoint
-- The dated settings the assessment rules read (src/server/modules/assessments): defaults from
-- docs/tax-rules.md. A change is a new row from its date, so a past day is never repriced.
INSERT INTO "tax_settings" ("key", "effective_from", "value", "note") VALUES
  ('assessment.dueDays', '2000-01-01', '30', 'Days from the notice of assessment to its due date.'),
  ('latePayment.penaltyBasisPoints', '2000-01-01', '1000', 'Late payment: a 10 % penalty on the tax unpaid after the due date (domain/tax-rules.md).'),
  ('latePayment.interestAnnualBasisPoints', '2000-01-01', '2700', 'Late payment: interest a year on the tax unpaid, counted by the day. 27 % is the CBN monetary policy rate of late 2025: to confirm with the service.');
--> statement-breakpoint
-- Assessments are never deleted: a cancellation or a revision is a status, with its reason.
CREATE FUNCTION assessments_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'assessments are never deleted: % refused; cancel or revise instead', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER assessments_never_deleted
  BEFORE DELETE ON assessments
  FOR EACH ROW EXECUTE FUNCTION assessments_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER assessments_no_truncate
  BEFORE TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessments_refuse_delete();
