CREATE TABLE "sign_in_throttles" (
	"subject" text NOT NULL,
	"address" text NOT NULL,
	"officer_id" uuid,
	"failures" double precision NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_subject_address_pk" PRIMARY KEY("subject","address")
);
--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ADD CONSTRAINT "sign_in_throttles_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_officer_idx" ON "sign_in_throttles" USING btree ("officer_id");--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failed_idx" ON "sign_in_throttles" USING btree ("last_failed_at");--> statement-breakpoint
ALTER TABLE "officers" DROP COLUMN "failed_sign_in_count";--> statement-breakpoint
ALTER TABLE "officers" DROP COLUMN "locked_until";