CREATE TABLE "reference_data_version" (
	"is_single_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "reference_data_version_single_row" CHECK ("reference_data_version"."is_single_row")
);
--> statement-breakpoint
-- Hand-written below (ADR 0018). The one row starts at a random version of its own.
INSERT INTO "reference_data_version" ("is_single_row") VALUES (true);
--> statement-breakpoint
-- Any statement that may change a reference table gives the data a new version in the same
-- transaction: readers compare versions for equality only, so a random uuid rather than a
-- counter keeps a version unique to one state of the data even across rolled-back
-- transactions, copied databases and restored backups.
CREATE FUNCTION reference_data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_data_version SET version = gen_random_uuid();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lgas
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON towns
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON occupations
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profession_categories
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profession_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER reference_data_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON professions
  FOR EACH STATEMENT EXECUTE FUNCTION reference_data_version_bump();
--> statement-breakpoint
-- An officer's username is never changed (no route or service does): the taxpayer view keeps
-- usernames in memory by officer id (ADR 0018). Refuse a change here, so the day one is
-- wanted it fails loudly instead of leaving old names in every instance's memory.
CREATE FUNCTION officers_username_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an officer''s username never changes (docs/decisions/0018)'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER officers_username_is_permanent BEFORE UPDATE OF username ON officers
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION officers_username_is_permanent();
