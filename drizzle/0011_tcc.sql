CREATE TYPE "public"."tcc_exemption_reason" AS ENUM('below_minimum_wage', 'student', 'unemployed', 'retired', 'other');--> statement-breakpoint
CREATE TYPE "public"."tcc_history_action" AS ENUM('generated', 'fee_paid', 'approved', 'rejected', 'resubmitted', 'printed', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."tcc_kind" AS ENUM('direct-assessment', 'presumptive', 'exemption', 'paye', 'mda-employee');--> statement-breakpoint
CREATE TYPE "public"."tcc_purpose" AS ENUM('contract', 'loan', 'visa', 'employment', 'registration', 'land', 'other');--> statement-breakpoint
CREATE TYPE "public"."tcc_stage" AS ENUM('director_assessment', 'director_collection', 'chairman');--> statement-breakpoint
CREATE TYPE "public"."tcc_status" AS ENUM('awaiting_payment', 'pending_director_assessment', 'pending_director_collection', 'pending_chairman', 'approved', 'printed', 'rejected_director_assessment', 'rejected_director_collection', 'rejected_chairman', 'revoked');--> statement-breakpoint
CREATE TABLE "tcc_batch_rows" (
	"job_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"data" jsonb NOT NULL,
	"outcome" text,
	"message" text,
	"tcc_id" uuid,
	"processed_at" timestamp with time zone,
	CONSTRAINT "tcc_batch_rows_job_id_line_number_pk" PRIMARY KEY("job_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "tcc_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tcc_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tcc_id" uuid NOT NULL,
	"action" "tcc_history_action" NOT NULL,
	"from_status" "tcc_status",
	"to_status" "tcc_status" NOT NULL,
	"stage" "tcc_stage",
	"actor_id" uuid,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tcc_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tccs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" "tcc_kind" NOT NULL,
	"status" "tcc_status" NOT NULL,
	"btin" text NOT NULL,
	"holder" jsonb NOT NULL,
	"holder_name" text NOT NULL,
	"purpose" "tcc_purpose" NOT NULL,
	"purpose_detail" text,
	"source_of_income" text NOT NULL,
	"comment" text,
	"years" jsonb NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"exemption_reason" "tcc_exemption_reason",
	"evidence_note" text,
	"employer_btin" text,
	"mda_id" uuid,
	"staff_number" text,
	"job_id" uuid,
	"fee_kobo" bigint DEFAULT 0 NOT NULL,
	"fee_payment_id" uuid,
	"issued_at" timestamp with time zone,
	"expires_on" date,
	"signed_payload" text,
	"signing_key_id" text,
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_printed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tccs_fee_not_negative" CHECK ("tccs"."fee_kobo" >= 0),
	CONSTRAINT "tccs_issued_has_dates" CHECK ("tccs"."status" not in ('approved', 'printed') or ("tccs"."issued_at" is not null and "tccs"."expires_on" is not null and "tccs"."signed_payload" is not null)),
	CONSTRAINT "tccs_revoked_has_reason" CHECK ("tccs"."status" <> 'revoked' or ("tccs"."revoked_at" is not null and "tccs"."revoke_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "signature_key" text;--> statement-breakpoint
ALTER TABLE "tcc_batch_rows" ADD CONSTRAINT "tcc_batch_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tcc_batch_rows" ADD CONSTRAINT "tcc_batch_rows_tcc_id_tccs_id_fk" FOREIGN KEY ("tcc_id") REFERENCES "public"."tccs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tcc_history" ADD CONSTRAINT "tcc_history_tcc_id_tccs_id_fk" FOREIGN KEY ("tcc_id") REFERENCES "public"."tccs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tcc_history" ADD CONSTRAINT "tcc_history_actor_id_officers_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_btin_taxpayers_btin_fk" FOREIGN KEY ("btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_employer_btin_taxpayers_btin_fk" FOREIGN KEY ("employer_btin") REFERENCES "public"."taxpayers"("btin") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_revoked_by_officers_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tcc_history_tcc_idx" ON "tcc_history" USING btree ("tcc_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "tccs_number_key" ON "tccs" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tccs_open_key" ON "tccs" USING btree ("btin","kind","purpose") WHERE "tccs"."status" in ('awaiting_payment', 'pending_director_assessment', 'pending_director_collection', 'pending_chairman', 'rejected_director_assessment', 'rejected_director_collection', 'rejected_chairman');--> statement-breakpoint
CREATE INDEX "tccs_kind_status_idx" ON "tccs" USING btree ("kind","status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "tccs_status_changed_idx" ON "tccs" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "tccs_btin_idx" ON "tccs" USING btree ("btin");--> statement-breakpoint
CREATE INDEX "tccs_created_by_idx" ON "tccs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "tccs_holder_name_idx" ON "tccs" USING btree ("holder_name");--> statement-breakpoint
CREATE INDEX "tccs_job_idx" ON "tccs" USING btree ("job_id");--> statement-breakpoint
-- The TCC settings (tax_settings, dated like the others): a processing fee per kind (none by
-- default: a certificate then goes straight to the Director of Assessment), and how long a
-- certificate is valid (0 months: until 31 December of the year of issue, docs/tax-rules.md).
INSERT INTO "tax_settings" ("key", "effective_from", "value", "note") VALUES
  ('tcc.feeKobo.direct-assessment', '2000-01-01', '0', 'Processing fee of a direct assessment TCC, in kobo; 0 for none.'),
  ('tcc.feeKobo.presumptive', '2000-01-01', '0', 'Processing fee of a presumptive tax TCC, in kobo; 0 for none.'),
  ('tcc.feeKobo.exemption', '2000-01-01', '0', 'Processing fee of an exemption TCC, in kobo; 0 for none.'),
  ('tcc.feeKobo.paye', '2000-01-01', '0', 'Processing fee of a PAYE (corporate employee) TCC, in kobo; 0 for none.'),
  ('tcc.feeKobo.mda-employee', '2000-01-01', '0', 'Processing fee of an MDA employee TCC, in kobo; 0 for none.'),
  ('tcc.validityMonths', '2000-01-01', '0', 'How long a TCC is valid: 0 means until 31 December of the year of issue (common practice, domain/tax-rules.md); n means n months from issue.');
--> statement-breakpoint
-- Certificates and their history are never deleted: a refusal is a status with its reason, an
-- error a revocation. The history is append-only like the audit trail.
CREATE FUNCTION tccs_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Tax clearance certificates are never deleted; revoke one instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER tccs_no_delete BEFORE DELETE ON "tccs" FOR EACH ROW EXECUTE FUNCTION tccs_refuse_delete();
--> statement-breakpoint
CREATE FUNCTION tcc_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history of a certificate is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER tcc_history_no_change BEFORE UPDATE OR DELETE ON "tcc_history" FOR EACH ROW EXECUTE FUNCTION tcc_history_append_only();
