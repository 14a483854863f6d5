-- Taxpayer names are found by similarity (GIN trigram index below); PGlite loads the same
-- extension (src/server/db/client.ts). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."cac_kind" AS ENUM('RC', 'BN', 'IT');--> statement-breakpoint
CREATE TYPE "public"."taxpayer_kind" AS ENUM('individual', 'corporate');--> statement-breakpoint
CREATE TYPE "public"."taxpayer_source" AS ENUM('registered', 'auto-reg', 'import');--> statement-breakpoint
CREATE TYPE "public"."taxpayer_status" AS ENUM('active', 'inactive', 'deceased', 'dissolved');--> statement-breakpoint
CREATE SEQUENCE "public"."btin_body_seq" INCREMENT BY 1 MINVALUE 100000001 MAXVALUE 999999999 START WITH 100000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "lgas" (
	"id" integer PRIMARY KEY NOT NULL,
	"state_id" smallint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profession_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profession_subcategories" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professions" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"subcategory_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" integer PRIMARY KEY NOT NULL,
	"lga_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxpayer_directors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taxpayer_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"btin" text
);
--> statement-breakpoint
CREATE TABLE "taxpayers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"btin" text NOT NULL,
	"kind" "taxpayer_kind" NOT NULL,
	"status" "taxpayer_status" DEFAULT 'active' NOT NULL,
	"source" "taxpayer_source" DEFAULT 'registered' NOT NULL,
	"display_name" text NOT NULL,
	"national_tax_id" text,
	"jtb_tin" text,
	"phone" text,
	"email" text,
	"address" text,
	"state_id" smallint,
	"lga_id" integer,
	"town_id" integer,
	"title" text,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"gender" text,
	"date_of_birth" date,
	"marital_status" text,
	"nin" text,
	"bvn" text,
	"occupation_id" integer,
	"profession_id" integer,
	"employment_status" text,
	"employer_name" text,
	"source_of_income" text,
	"username" text,
	"registered_name" text,
	"cac_number" text,
	"cac_kind" "cac_kind",
	"incorporation_date" date,
	"sector" text,
	"business_type" text,
	"employee_count" integer,
	"photo_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxpayers_btin_format" CHECK ("taxpayers"."btin" ~ '^[0-9]{10}$'),
	CONSTRAINT "taxpayers_individual_names" CHECK ("taxpayers"."kind" <> 'individual' or ("taxpayers"."first_name" is not null and "taxpayers"."last_name" is not null)),
	CONSTRAINT "taxpayers_corporate_name" CHECK ("taxpayers"."kind" <> 'corporate' or "taxpayers"."registered_name" is not null)
);
--> statement-breakpoint
ALTER TABLE "lgas" ADD CONSTRAINT "lgas_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profession_subcategories" ADD CONSTRAINT "profession_subcategories_category_id_profession_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."profession_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professions" ADD CONSTRAINT "professions_subcategory_id_profession_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."profession_subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "towns" ADD CONSTRAINT "towns_lga_id_lgas_id_fk" FOREIGN KEY ("lga_id") REFERENCES "public"."lgas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayer_directors" ADD CONSTRAINT "taxpayer_directors_taxpayer_id_taxpayers_id_fk" FOREIGN KEY ("taxpayer_id") REFERENCES "public"."taxpayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_lga_id_lgas_id_fk" FOREIGN KEY ("lga_id") REFERENCES "public"."lgas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_profession_id_professions_id_fk" FOREIGN KEY ("profession_id") REFERENCES "public"."professions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_created_by_officers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxpayers" ADD CONSTRAINT "taxpayers_updated_by_officers_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lgas_state_name_key" ON "lgas" USING btree ("state_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "occupations_name_key" ON "occupations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "profession_categories_code_key" ON "profession_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "profession_subcategories_code_key" ON "profession_subcategories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "profession_subcategories_category_idx" ON "profession_subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "professions_code_key" ON "professions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "professions_subcategory_idx" ON "professions" USING btree ("subcategory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "states_code_key" ON "states" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "states_name_key" ON "states" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "towns_lga_name_key" ON "towns" USING btree ("lga_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayer_directors_position_key" ON "taxpayer_directors" USING btree ("taxpayer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayers_btin_key" ON "taxpayers" USING btree ("btin");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayers_nin_key" ON "taxpayers" USING btree ("nin");--> statement-breakpoint
CREATE UNIQUE INDEX "taxpayers_cac_number_key" ON "taxpayers" USING btree ("cac_number");--> statement-breakpoint
CREATE INDEX "taxpayers_phone_idx" ON "taxpayers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "taxpayers_email_idx" ON "taxpayers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "taxpayers_jtb_tin_idx" ON "taxpayers" USING btree ("jtb_tin");--> statement-breakpoint
CREATE INDEX "taxpayers_display_name_trgm_idx" ON "taxpayers" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taxpayers_kind_created_idx" ON "taxpayers" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "taxpayers_kind_name_idx" ON "taxpayers" USING btree ("kind","display_name","id");--> statement-breakpoint
CREATE INDEX "taxpayers_lga_created_idx" ON "taxpayers" USING btree ("lga_id","created_at");