CREATE TABLE "budget_import_rows" (
	"job_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"mda_id" uuid NOT NULL,
	"economic_code" text NOT NULL,
	"annual_kobo" bigint NOT NULL,
	"months_kobo" bigint[] NOT NULL,
	CONSTRAINT "budget_import_rows_pkey" PRIMARY KEY("job_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "budget_imports" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_import_rows" ADD CONSTRAINT "budget_import_rows_job_id_budget_imports_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."budget_imports"("job_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_import_rows" ADD CONSTRAINT "budget_import_rows_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_imports" ADD CONSTRAINT "budget_imports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;