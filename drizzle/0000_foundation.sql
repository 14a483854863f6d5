CREATE TYPE "public"."user_type" AS ENUM('ADMIN', 'EXECUTIVE', 'OFFICER_DA', 'OFFICER_PAYEE', 'OFFICER_PA', 'OFFICER_MDA', 'OFFICER_MDA_ADMIN', 'DG_BUDGET', 'DIRECTOR_ASSESSMENT', 'DIRECTOR_COLLECTION', 'ASSESSMENT_OFFICER', 'PRINTING_OFFICER', 'TCC_CHAIRMAN', 'OFFICER_BENJIS', 'OFFICER_BENJIS_READ', 'OFFICER_STAMP_DUTY', 'INFORMAL_SECTOR_ADMIN');--> statement-breakpoint
CREATE SEQUENCE "public"."officer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_username" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "mdas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officer_mda_privileges" (
	"officer_id" uuid NOT NULL,
	"mda_id" uuid NOT NULL,
	CONSTRAINT "officer_mda_privileges_officer_id_mda_id_pk" PRIMARY KEY("officer_id","mda_id")
);
--> statement-breakpoint
CREATE TABLE "officers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"officer_id" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"phone_number" text NOT NULL,
	"user_type" "user_type" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_sign_in_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"officer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "officer_mda_privileges" ADD CONSTRAINT "officer_mda_privileges_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_mda_privileges" ADD CONSTRAINT "officer_mda_privileges_mda_id_mdas_id_fk" FOREIGN KEY ("mda_id") REFERENCES "public"."mdas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mdas_code_key" ON "mdas" USING btree ("code");--> statement-breakpoint
CREATE INDEX "officer_mda_privileges_mda_idx" ON "officer_mda_privileges" USING btree ("mda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officers_officer_id_key" ON "officers" USING btree ("officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officers_username_lower_key" ON "officers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "officers_email_lower_key" ON "officers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "officers_user_type_idx" ON "officers" USING btree ("user_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_officer_idx" ON "sessions" USING btree ("officer_id");