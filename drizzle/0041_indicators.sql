CREATE TABLE "indicator_restatements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" date NOT NULL,
	"key" text NOT NULL,
	"old_value" double precision,
	"new_value" double precision,
	"old_detail" jsonb NOT NULL,
	"reason" text NOT NULL,
	"restated_by" uuid,
	"restated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_snapshots" (
	"month" date NOT NULL,
	"key" text NOT NULL,
	"value" double precision,
	"detail" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indicator_snapshots_key_month_pk" PRIMARY KEY("key","month"),
	CONSTRAINT "indicator_snapshots_month_first_day" CHECK (extract(day from "indicator_snapshots"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "indicator_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" double precision NOT NULL,
	"valid_from" date NOT NULL,
	"note" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indicator_restatements" ADD CONSTRAINT "indicator_restatements_restated_by_officers_id_fk" FOREIGN KEY ("restated_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_targets" ADD CONSTRAINT "indicator_targets_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indicator_restatements_key_month_idx" ON "indicator_restatements" USING btree ("key","month","restated_at");--> statement-breakpoint
CREATE INDEX "indicator_targets_key_from_idx" ON "indicator_targets" USING btree ("key","valid_from","created_at");--> statement-breakpoint
CREATE INDEX "objections_decided_idx" ON "objections" USING btree ("decided_at") WHERE "objections"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_suspense_idx" ON "bank_statement_lines" USING btree ("value_date") WHERE "bank_statement_lines"."state" in ('unmatched', 'ambiguous');