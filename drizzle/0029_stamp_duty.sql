CREATE TYPE "public"."stamp_exemption_kind" AS ENUM('none', 'value_at_or_below', 'value_below', 'annual_value_below');--> statement-breakpoint
CREATE TYPE "public"."stamp_instrument_status" AS ENUM('assessed', 'billed', 'paid', 'stamped', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."stamp_instrument_type" AS ENUM('conveyance', 'lease', 'mortgage', 'insurance_policy', 'agreement', 'agreement_under_hand', 'guarantee', 'receipt');--> statement-breakpoint
CREATE TYPE "public"."stamp_law" AS ENUM('SDA', 'NTA2025');--> statement-breakpoint
CREATE TYPE "public"."stamp_party_role" AS ENUM('transferor', 'transferee', 'lessor', 'lessee', 'mortgagor', 'mortgagee', 'insurer', 'insured', 'guarantor', 'party');--> statement-breakpoint
CREATE TYPE "public"."stamp_rule_kind" AS ENUM('percent', 'flat', 'lease_tiers');--> statement-breakpoint
ALTER TYPE "public"."payment_subject_kind" ADD VALUE 'stamp_duty';--> statement-breakpoint
CREATE SEQUENCE "public"."stamp_certificate_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stamp_duty_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_type" "stamp_instrument_type" NOT NULL,
	"name" text NOT NULL,
	"law" "stamp_law" NOT NULL,
	"kind" "stamp_rule_kind" NOT NULL,
	"rate_ppm" integer,
	"flat_kobo" bigint,
	"lease_tiers" jsonb,
	"exemption_kind" "stamp_exemption_kind" DEFAULT 'none' NOT NULL,
	"exemption_threshold_kobo" bigint,
	"charged_party_role" "stamp_party_role" NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"to_confirm" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_duty_rules_dates" CHECK ("stamp_duty_rules"."valid_to" is null or "stamp_duty_rules"."valid_to" >= "stamp_duty_rules"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "stamp_instruments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_type" "stamp_instrument_type" NOT NULL,
	"executed_on" date NOT NULL,
	"consideration_kobo" bigint NOT NULL,
	"term_years" smallint,
	"description" text NOT NULL,
	"scan_file_key" text,
	"status" "stamp_instrument_status" DEFAULT 'assessed' NOT NULL,
	"duty_kobo" bigint NOT NULL,
	"penalty_kobo" bigint DEFAULT 0 NOT NULL,
	"law" "stamp_law" NOT NULL,
	"charged_party_role" "stamp_party_role" NOT NULL,
	"rule_id" uuid,
	"rule" jsonb NOT NULL,
	"exemption" text,
	"possibly_federal" boolean DEFAULT false NOT NULL,
	"payment_id" uuid,
	"billed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"certificate_number" text,
	"stamped_at" timestamp with time zone,
	"stamped_by" uuid,
	"certificate_prints" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"public_code" text DEFAULT revdesk_public_code() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_instruments_amounts" CHECK ("stamp_instruments"."duty_kobo" >= 0 and "stamp_instruments"."penalty_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stamp_mpr_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"annual_basis_points" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"to_confirm" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamp_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_id" uuid NOT NULL,
	"role" "stamp_party_role" NOT NULL,
	"btin" text,
	"name" text NOT NULL,
	"phone" text,
	"is_company" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamp_penalty_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"law" "stamp_law" NOT NULL,
	"grace_days" smallint NOT NULL,
	"penalty_basis_points" integer NOT NULL,
	"interest_basis" text NOT NULL,
	"interest_annual_basis_points" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"to_confirm" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stamp_instruments" ADD CONSTRAINT "stamp_instruments_scan_file_key_stored_files_key_fk" FOREIGN KEY ("scan_file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_instruments" ADD CONSTRAINT "stamp_instruments_rule_id_stamp_duty_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."stamp_duty_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_instruments" ADD CONSTRAINT "stamp_instruments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_instruments" ADD CONSTRAINT "stamp_instruments_stamped_by_officers_id_fk" FOREIGN KEY ("stamped_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_instruments" ADD CONSTRAINT "stamp_instruments_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_parties" ADD CONSTRAINT "stamp_parties_instrument_id_stamp_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."stamp_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_parties" ADD CONSTRAINT "stamp_parties_btin_taxpayers_btin_fk" FOREIGN KEY ("btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_duty_rules_type_idx" ON "stamp_duty_rules" USING btree ("instrument_type","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_instruments_certificate_key" ON "stamp_instruments" USING btree ("certificate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_instruments_public_code_key" ON "stamp_instruments" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "stamp_instruments_status_idx" ON "stamp_instruments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stamp_instruments_executed_idx" ON "stamp_instruments" USING btree ("executed_on","id");--> statement-breakpoint
CREATE INDEX "stamp_parties_instrument_idx" ON "stamp_parties" USING btree ("instrument_id","position");--> statement-breakpoint
CREATE INDEX "stamp_parties_btin_idx" ON "stamp_parties" USING btree ("btin");
--> statement-breakpoint
-- Seeded from src/shared/stampDuty/rules.ts (docs/tax-rules.md, "Stamp duty"); stampDuty.api.test.ts ("the migration seeds…") compares them.
INSERT INTO "stamp_duty_rules" ("instrument_type","name","law","kind","rate_ppm","flat_kobo","lease_tiers","exemption_kind","exemption_threshold_kobo","charged_party_role","valid_from","valid_to","to_confirm","source") VALUES
('conveyance','Conveyance or transfer on sale','SDA','percent',15000,NULL,NULL,'none',NULL,'transferee','2020-02-01','2025-12-31',false,'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)'),
('lease','Lease (0.78 % up to 7 years, 3 % up to 21, 6 % above)','SDA','lease_tiers',NULL,NULL,'[{"overYears":0,"ratePpm":7800},{"overYears":7,"ratePpm":30000},{"overYears":21,"ratePpm":60000}]'::jsonb,'none',NULL,'lessee','2020-02-01','2025-12-31',false,'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)'),
('mortgage','Mortgage, bond, debenture, further charge','SDA','percent',3750,NULL,NULL,'none',NULL,'mortgagee','2020-02-01','2025-12-31',false,'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)'),
('insurance_policy','Policy of insurance','SDA','percent',750,NULL,NULL,'none',NULL,'insured','2020-02-01','2025-12-31',false,'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)'),
('agreement','Agreement or contract','SDA','flat',NULL,100000,NULL,'none',NULL,'party','2020-02-01','2025-12-31',true,'No public source found: ₦1,000 seeded, to confirm'),
('agreement_under_hand','Agreement under hand','SDA','flat',NULL,50000,NULL,'none',NULL,'party','2020-02-01','2025-12-31',true,'No public source found: ₦500 seeded, to confirm'),
('guarantee','Guarantee','SDA','flat',NULL,50000,NULL,'none',NULL,'guarantor','2020-02-01','2025-12-31',true,'No public source found: ₦500 seeded, to confirm'),
('receipt','Receipt or electronic transfer of ₦10,000 or more','SDA','flat',NULL,5000,NULL,'value_below',1000000,'party','2020-02-01','2025-12-31',false,'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)'),
('conveyance','Conveyance or transfer on sale (exempt at ₦10 m or less)','NTA2025','percent',15000,NULL,NULL,'value_at_or_below',1000000000,'transferee','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('lease','Demise (0.78 % up to 7 years, 3 % above; exempt below ₦10 m a year, s.135)','NTA2025','lease_tiers',NULL,NULL,'[{"overYears":0,"ratePpm":7800},{"overYears":7,"ratePpm":30000}]'::jsonb,'annual_value_below',1000000000,'lessee','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule (s.135 applied: annual value below ₦10,000,000)'),
('mortgage','Mortgage, bond, debenture, covenant','NTA2025','percent',3750,NULL,NULL,'none',NULL,'mortgagee','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('insurance_policy','Policy of insurance','NTA2025','percent',750,NULL,NULL,'none',NULL,'insured','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('agreement','Agreement or contract (exempt below ₦1 m)','NTA2025','flat',NULL,100000,NULL,'value_below',100000000,'party','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('agreement_under_hand','Agreement or memorandum under hand (exempt below ₦1 m)','NTA2025','flat',NULL,50000,NULL,'value_below',100000000,'party','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('guarantee','Guarantee','NTA2025','flat',NULL,50000,NULL,'none',NULL,'guarantor','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule'),
('receipt','Receipt or electronic transfer of ₦10,000 or more','NTA2025','flat',NULL,5000,NULL,'value_below',1000000,'party','2026-01-01',NULL,false,'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule');
--> statement-breakpoint
INSERT INTO "stamp_penalty_rules" ("law","grace_days","penalty_basis_points","interest_basis","interest_annual_basis_points","valid_from","valid_to","to_confirm","source") VALUES
('SDA',30,1000,'fixed',1000,'2020-02-01','2025-12-31',true,'No public source read for the Stamp Duties Act''s own late-stamping penalty: to confirm'),
('NTA2025',30,1000,'mpr',NULL,'2026-01-01',NULL,false,'Nigeria Tax Administration Act 2025, s.110; NTA 2025 s.126(1) (30 days)');
--> statement-breakpoint
INSERT INTO "stamp_mpr_rates" ("annual_basis_points","valid_from","valid_to","to_confirm","source") VALUES
(2700,'2020-02-01',NULL,true,'Central Bank of Nigeria Monetary Policy Rate, 27 %: to confirm the rate in force');
