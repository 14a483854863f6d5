CREATE TABLE "tcc_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tcc_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tccs" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "tccs" ADD COLUMN "duplicate_reason" text;--> statement-breakpoint
ALTER TABLE "tcc_evidence" ADD CONSTRAINT "tcc_evidence_tcc_id_tccs_id_fk" FOREIGN KEY ("tcc_id") REFERENCES "public"."tccs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tcc_evidence" ADD CONSTRAINT "tcc_evidence_uploaded_by_officers_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tcc_evidence_tcc_idx" ON "tcc_evidence" USING btree ("tcc_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_duplicate_of_tccs_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."tccs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tccs" ADD CONSTRAINT "tccs_duplicate_has_reason" CHECK (("tccs"."duplicate_of" is null) = ("tccs"."duplicate_reason" is null));