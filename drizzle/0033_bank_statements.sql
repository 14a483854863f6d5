CREATE TABLE "bank_statement_fetch_days" (
	"job_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"outcome" text,
	"lines" integer,
	"stored" integer,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "bank_statement_fetch_days_job_id_line_number_pk" PRIMARY KEY("job_id","line_number")
);
--> statement-breakpoint
DROP INDEX "bank_statement_lines_payment_key";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "match_window_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_fetch_days" ADD CONSTRAINT "bank_statement_fetch_days_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_fetch_days" ADD CONSTRAINT "bank_statement_fetch_days_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_payment_idx" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_key" ON "bank_statement_lines" USING btree ("payment_id") WHERE "bank_statement_lines"."rule" is distinct from 'split';--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_match_window" CHECK ("bank_accounts"."match_window_days" between 0 and 31);