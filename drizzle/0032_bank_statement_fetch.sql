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
ALTER TABLE "bank_statement_fetch_days" ADD CONSTRAINT "bank_statement_fetch_days_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_fetch_days" ADD CONSTRAINT "bank_statement_fetch_days_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;