CREATE TYPE "public"."ssc_category" AS ENUM('office-holders', 'civil-servants', 'federal-civil-servants');--> statement-breakpoint
CREATE TYPE "public"."ssc_schedule_source" AS ENUM('upload', 'manual');--> statement-breakpoint
CREATE TYPE "public"."ssc_schedule_status" AS ENUM('unbilled', 'billed', 'paid');--> statement-breakpoint
ALTER TYPE "public"."payment_subject_kind" ADD VALUE 'ssc_schedule';--> statement-breakpoint
ALTER TYPE "public"."payment_type" ADD VALUE 'ssc' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "ssc_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" "ssc_category" NOT NULL,
	"grade_from" smallint NOT NULL,
	"grade_to" smallint NOT NULL,
	"rate_bps" integer NOT NULL,
	"effective_from" date NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ssc_rates_band" CHECK ("ssc_rates"."grade_from" between 1 and "ssc_rates"."grade_to" and "ssc_rates"."grade_to" <= 17),
	CONSTRAINT "ssc_rates_rate" CHECK ("ssc_rates"."rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "ssc_schedule_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"staff_id" text NOT NULL,
	"name" text NOT NULL,
	"grade_level" smallint NOT NULL,
	"gross_kobo" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"is_demo_rate" boolean NOT NULL,
	"levy_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssc_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mda_id" uuid NOT NULL,
	"category" "ssc_category" NOT NULL,
	"month" text NOT NULL,
	"status" "ssc_schedule_status" DEFAULT 'unbilled' NOT NULL,
	"source" "ssc_schedule_source" NOT NULL,
	"file_name" text,
	"file_key" text,
	"staff_count" integer NOT NULL,
	"gross_kobo" bigint NOT NULL,
	"levy_kobo" bigint NOT NULL,
	"has_demo_rates" boolean NOT NULL,
	"payment_id" uuid,
	"replaced_times" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"billed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "ssc_schedules_month" CHECK ("ssc_schedules"."month" ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "ssc_schedule_rows" ADD CONSTRAINT "ssc_schedule_rows_schedule_id_ssc_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ssc_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssc_schedules" ADD CONSTRAINT "ssc_schedules_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssc_schedules" ADD CONSTRAINT "ssc_schedules_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssc_schedules" ADD CONSTRAINT "ssc_schedules_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ssc_rates_band_key" ON "ssc_rates" USING btree ("category","grade_from","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "ssc_schedule_rows_staff_key" ON "ssc_schedule_rows" USING btree ("schedule_id",upper("staff_id"));--> statement-breakpoint
CREATE INDEX "ssc_schedule_rows_line_idx" ON "ssc_schedule_rows" USING btree ("schedule_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "ssc_schedules_month_key" ON "ssc_schedules" USING btree ("mda_id","category","month");--> statement-breakpoint
CREATE INDEX "ssc_schedules_category_month_idx" ON "ssc_schedules" USING btree ("category","month");--> statement-breakpoint
-- Demo rates (docs/tax-rules.md "SSC levies"): no public source sets them; they follow the shape of
-- one state's education levy on public pay and are shown "demo" on screen until the service
-- enters its own (a later effective_from).
INSERT INTO "ssc_rates" ("category", "grade_from", "grade_to", "rate_bps", "effective_from", "is_demo", "note") VALUES
  ('office-holders', 1, 17, 500, '2020-01-01', true, 'Demo rate: no public source'),
  ('civil-servants', 1, 6, 100, '2020-01-01', true, 'Demo rate: no public source'),
  ('civil-servants', 7, 12, 150, '2020-01-01', true, 'Demo rate: no public source'),
  ('civil-servants', 13, 16, 200, '2020-01-01', true, 'Demo rate: no public source'),
  ('federal-civil-servants', 1, 6, 100, '2020-01-01', true, 'Demo rate: no public source'),
  ('federal-civil-servants', 7, 12, 150, '2020-01-01', true, 'Demo rate: no public source'),
  ('federal-civil-servants', 13, 16, 200, '2020-01-01', true, 'Demo rate: no public source');
