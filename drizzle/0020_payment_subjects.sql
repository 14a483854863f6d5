CREATE TYPE "public"."payment_subject_kind" AS ENUM('assessment', 'tcc');--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subject_kind" "payment_subject_kind";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subject_id" text;--> statement-breakpoint
-- ==== Hand-written data move (ADR 0028) =====================================================
-- assessment_id held an assessment's id, a certificate's id (a TCC fee) or, for a bill raised
-- by hand through POST /invoices, any text the officer gave. Each row's subject is found by
-- joining the tables that own the ids, not by the shape of the text: an id that is an
-- assessment's becomes kind 'assessment', one that is a certificate's kind 'tcc' (random
-- UUIDs of two tables never meet). Text that names no RevDesk record (e.g. a paper demand
-- notice's number) is kept, at the end of the description as "Ref. <text>", and the payment
-- pays nothing particular. The ids are compared lower-cased, as PostgreSQL writes a uuid.
UPDATE "payments" AS p SET "subject_kind" = 'assessment', "subject_id" = a."id"::text
  FROM "assessments" AS a
  WHERE p."assessment_id" IS NOT NULL AND lower(p."assessment_id") = a."id"::text;--> statement-breakpoint
UPDATE "payments" AS p SET "subject_kind" = 'tcc', "subject_id" = t."id"::text
  FROM "tccs" AS t
  WHERE p."assessment_id" IS NOT NULL AND p."subject_kind" IS NULL
    AND lower(p."assessment_id") = t."id"::text;--> statement-breakpoint
UPDATE "payments" SET "description" = concat_ws(' · ', nullif("description", ''), 'Ref. ' || "assessment_id")
  WHERE "assessment_id" IS NOT NULL AND "subject_kind" IS NULL;--> statement-breakpoint
-- ==== End of the hand-written data move =====================================================
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("subject_kind","subject_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_whole" CHECK (("payments"."subject_kind" is null) = ("payments"."subject_id" is null));--> statement-breakpoint
DROP INDEX "payments_assessment_idx";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "assessment_id";
