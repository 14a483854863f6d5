CREATE TABLE "letterhead" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"service_name" text NOT NULL,
	"crest_key" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letterhead_one_row" CHECK ("letterhead"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "letterhead" ADD CONSTRAINT "letterhead_updated_by_officers_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;