CREATE TABLE "pos_pulls" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"provider" "pos_provider" NOT NULL,
	"day" date NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"outcomes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_pulls" ADD CONSTRAINT "pos_pulls_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_pulls_scheduled_day_key" ON "pos_pulls" USING btree ("provider","day") WHERE "pos_pulls"."is_scheduled";