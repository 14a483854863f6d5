CREATE TABLE "taxpayer_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "taxpayers_display_name_trgm_idx";--> statement-breakpoint
DROP INDEX "taxpayers_display_name_knn_idx";--> statement-breakpoint
ALTER TABLE "taxpayers" ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(lower(display_name), '[[:space:][:punct:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "taxpayer_name_words_trgm_idx" ON "taxpayer_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taxpayers_name_words_idx" ON "taxpayers" USING gin ("name_words");--> statement-breakpoint
-- taxpayer_name_words follows the names: every word of a new or renamed taxpayer is added in
-- the same statement's transaction (once per statement, so an import of a million rows is one
-- insert). Words are never removed: a word nobody has any more only finds nobody.
CREATE FUNCTION taxpayer_name_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO taxpayer_name_words (word)
    SELECT DISTINCT unnest(name_words) FROM named_taxpayers ORDER BY 1
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER taxpayer_name_words_on_insert AFTER INSERT ON taxpayers
  REFERENCING NEW TABLE AS named_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_name_words_add();
--> statement-breakpoint
CREATE TRIGGER taxpayer_name_words_on_update AFTER UPDATE ON taxpayers
  REFERENCING NEW TABLE AS named_taxpayers
  FOR EACH STATEMENT EXECUTE FUNCTION taxpayer_name_words_add();
--> statement-breakpoint
INSERT INTO taxpayer_name_words (word)
  SELECT DISTINCT unnest(name_words) FROM taxpayers
  ON CONFLICT (word) DO NOTHING;
