CREATE TABLE "budget_lines" (
	"version_id" uuid NOT NULL,
	"mda_id" uuid NOT NULL,
	"economic_code" text NOT NULL,
	"annual_kobo" bigint NOT NULL,
	"months_kobo" bigint[] NOT NULL,
	CONSTRAINT "budget_lines_pkey" PRIMARY KEY("version_id","mda_id","economic_code"),
	CONSTRAINT "budget_lines_annual_check" CHECK ("budget_lines"."annual_kobo" >= 0),
	CONSTRAINT "budget_lines_months_check" CHECK (cardinality("budget_lines"."months_kobo") = 12)
);
--> statement-breakpoint
CREATE TABLE "budget_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" smallint NOT NULL,
	"version" integer NOT NULL,
	"note" text NOT NULL,
	"source" text NOT NULL,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_versions_year_check" CHECK ("budget_versions"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_version_id_budget_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."budget_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_versions" ADD CONSTRAINT "budget_versions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_versions" ADD CONSTRAINT "budget_versions_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_lines_mda_idx" ON "budget_lines" USING btree ("mda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_versions_year_version_key" ON "budget_versions" USING btree ("year","version");